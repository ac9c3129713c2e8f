"""French translations of the IaC texts: English template -> French template."""

TEXTS: dict[str, str] = {
    "data disk category {category}": "catégorie de disque de données {category}",
    "system disk category {category}": "catégorie de disque système {category}",
    "performance level {level}": "niveau de performance {level}",
    "the building blocks leave it at the category's default": "les blocs le laissent à la valeur par défaut de la catégorie",
    "the listeners keep the load balancer's default health check": "les écouteurs gardent le contrôle de santé par défaut de l'équilibreur de charge",
    "versioning on the bucket": "le versionnage du bucket",
    "objects deleted after {days} days": "objets supprimés après {days} jours",
    "server-side encryption of the bucket (AES256)": "chiffrement côté serveur du bucket (AES256)",
    "read-only access to the bucket for the RAM user": "accès en lecture seule au bucket pour l'utilisateur RAM",
    "full access to the bucket for the RAM user": "accès complet au bucket pour l'utilisateur RAM",
    "bucket access": "accès au bucket",
    "access is granted to the template's OSS bucket only": "l'accès n'est accordé qu'au bucket OSS du modèle",
    "a lifecycle rule": "une règle de cycle de vie",
    "it is built for an OSS bucket only": "cela n'est construit que pour un bucket OSS",
    "the days must be from 1 to 36500": "le nombre de jours doit aller de 1 à 36500",
    "a RAM user": "un utilisateur RAM",
    "a RAM user with read-only access to the bucket": "un utilisateur RAM avec un accès en lecture seule au bucket",
    "a RAM user with full access to the bucket": "un utilisateur RAM avec un accès complet au bucket",
    "... {count} more ...": "... {count} autres ...",
    "1 ECS instance": "1 instance ECS",
    (
        "ALIYUN::Index is used in {where}, which is not a resource with Count, so it has no value "
        "there."
    ): (
        "ALIYUN::Index est utilisé dans {where}, qui n'est pas une ressource avec Count ; il n'a "
        "donc aucune valeur à cet endroit."
    ),
    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove Workspace.": (
        "Ajoutez Transform: 'Aliyun::Terraform-v1.5' (ou une version OpenTofu) ou supprimez "
        "Workspace."
    ),
    "Add Type: String (or Number, CommaDelimitedList, Json, Boolean).": (
        "Ajoutez Type: String (ou Number, CommaDelimitedList, Json, Boolean)."
    ),
    "Add Workspace mapping file paths such as main.tf to their Terraform source.": (
        "Ajoutez un Workspace qui associe des chemins de fichiers tels que main.tf à leur code "
        "source Terraform."
    ),
    "Add a Value, for example a Ref or Fn::GetAtt of a resource.": (
        "Ajoutez une Value, par exemple un Ref ou un Fn::GetAtt d'une ressource."
    ),
    "Add a condition named {name!r} under Conditions, or remove the reference.": (
        "Ajoutez une condition nommée {name!r} sous Conditions, ou supprimez la référence."
    ),
    "Add a condition named {name!r} under Conditions, or use an existing one.": (
        "Ajoutez une condition nommée {name!r} sous Conditions, ou utilisez une condition "
        "existante."
    ),
    "Add a mapping named {name!r} under Mappings.": (
        "Ajoutez un mapping nommé {name!r} sous Mappings."
    ),
    "Add a short Label such as 'VPC ID'.": "Ajoutez un Label court, par exemple 'VPC ID'.",
    "Add at least one Terraform file, such as main.tf.": (
        "Ajoutez au moins un fichier Terraform, par exemple main.tf."
    ),
    (
        "Add at least one resource under Resources, or a Transform and Workspace for a Terraform "
        "template."
    ): (
        "Ajoutez au moins une ressource sous Resources, ou un Transform et un Workspace pour un "
        "modèle Terraform."
    ),
    "Add {key!r} to the mapping {name!r}.": "Ajoutez {key!r} au mapping {name!r}.",
    "Add {key} under Properties, as a literal or a Ref to a parameter.": (
        "Ajoutez {key} sous Properties, sous forme de littéral ou de Ref vers un paramètre."
    ),
    "Add {key} under Properties, ideally as a parameter so it fits the region.": (
        "Ajoutez {key} sous Properties, idéalement sous forme de paramètre pour l'adapter à la "
        "région."
    ),
    "AllowedPattern must be a regular expression string, not {value}.": (
        "AllowedPattern doit être une expression régulière sous forme de chaîne, et non {value}."
    ),
    "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).": (
        "AllowedPattern {pattern!r} n'est pas une expression régulière valide ({reason})."
    ),
    "AllowedValues must be a list, not {value}.": (
        "AllowedValues doit être une liste, et non {value}."
    ),
    "An extra file suffix is empty; give suffixes such as '.sh'.": (
        "Un suffixe de fichier supplémentaire est vide ; indiquez des suffixes tels que '.sh'."
    ),
    (
        "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or Fn::Sub "
        "reference between them."
    ): (
        "Rompez le cycle en supprimant une entrée DependsOn ou une référence Ref, Fn::GetAtt ou "
        "Fn::Sub entre eux."
    ),
    "Cannot list {path}: {reason}.": "Impossible de lister {path} : {reason}.",
    "Cannot read {path}: {reason}.": "Impossible de lire {path} : {reason}.",
    "Change Default or the MinLength/MaxLength bounds so the default is allowed.": (
        "Modifiez Default ou les bornes MinLength/MaxLength pour que la valeur par défaut soit "
        "autorisée."
    ),
    "Change Default or the MinValue/MaxValue bounds so the default is allowed.": (
        "Modifiez Default ou les bornes MinValue/MaxValue pour que la valeur par défaut soit "
        "autorisée."
    ),
    "Change Default so the whole value matches the pattern, or relax the pattern.": (
        "Modifiez Default pour que la valeur corresponde entièrement au motif, ou assouplissez le "
        "motif."
    ),
    "Choose a CIDR block for {name} inside {ranges}.": (
        "Choisissez pour {name} un bloc CIDR compris dans {ranges}."
    ),
    "Creates {listed} (iaccode building blocks).": "Crée {listed} (briques iaccode).",
    "Creates {listed} in {region} (iaccode building blocks).": (
        "Crée {listed} dans la région {region} (briques iaccode)."
    ),
    "Define the expression under Conditions and use its name here.": (
        "Définissez l'expression sous Conditions et utilisez son nom ici."
    ),
    (
        "Define {name!r} as a parameter or resource, or write {escaped} for a literal '${{' in the "
        "output."
    ): (
        "Définissez {name!r} comme paramètre ou ressource, ou écrivez {escaped} pour obtenir un "
        "'${{' littéral dans le résultat."
    ),
    "Define {name!r} under Parameters or Resources.": (
        "Définissez {name!r} sous Parameters ou Resources."
    ),
    "DependsOn of resource {name} must be a resource name or a list of names, not {value}.": (
        "Le DependsOn de la ressource {name} doit être un nom de ressource ou une liste de noms, "
        "et non {value}."
    ),
    "Errors ({count}):": "Erreurs ({count}) :",
    (
        "Fix the JSON syntax at the given line; keys need double quotes, members need commas "
        "between them and no trailing comma."
    ): (
        "Corrigez la syntaxe JSON à la ligne indiquée ; les clés doivent être entre guillemets "
        "doubles, les membres séparés par des virgules, sans virgule finale."
    ),
    "Fix the JSON value; numbers longer than a few thousand digits are not accepted.": (
        "Corrigez la valeur JSON ; les nombres de plus de quelques milliers de chiffres ne sont "
        "pas acceptés."
    ),
    "Fix the pattern; remember to escape special characters such as '.' and '('.": (
        "Corrigez le motif ; pensez à échapper les caractères spéciaux tels que '.' et '('."
    ),
    (
        "Fix the syntax at the given line; YAML needs consistent space indentation and 'key: "
        "value' pairs, and values with ': ' or '#' in them must be quoted."
    ): (
        "Corrigez la syntaxe à la ligne indiquée ; YAML exige une indentation cohérente par "
        "espaces et des paires 'key: value', et les valeurs contenant ': ' ou '#' doivent être "
        "entre guillemets."
    ),
    "Fix: {hint}": "Solution : {hint}",
    "Flatten the deeply nested part; real templates stay within a few dozen levels.": (
        "Aplatissez la partie profondément imbriquée ; les modèles réels ne dépassent pas quelques "
        "dizaines de niveaux."
    ),
    "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.": (
        "Fn::FindInMap fait référence au mapping {name!r}, qui n'est pas défini dans Mappings."
    ),
    "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.": (
        "Fn::GetAtt attend [ressource, attribut] ou 'Ressource.Attribut', et non {value}."
    ),
    "Fn::Sub needs a string or [string, variables], not {value}.": (
        "Fn::Sub attend une chaîne ou [chaîne, variables], et non {value}."
    ),
    "Fn::Sub placeholder {placeholder}": "l'espace réservé {placeholder} de Fn::Sub",
    "Fn::Sub placeholder {placeholder} names nothing defined in this template.": (
        "L'espace réservé {placeholder} de Fn::Sub ne désigne rien de ce qui est défini dans ce "
        "modèle."
    ),
    "Give each VSwitch of a VPC its own non-overlapping CIDR block.": (
        "Attribuez à chaque VSwitch d'un VPC son propre bloc CIDR, sans chevauchement."
    ),
    "Give the file's Terraform source as a string (a YAML block with |).": (
        "Fournissez le code source Terraform du fichier sous forme de chaîne (un bloc YAML avec |)."
    ),
    (
        "I am running with the offline engine, which works without a model or network access.\n"
        "\n"
        "What I can do offline:\n"
        "- Review an Alibaba Cloud ROS template: paste it into the message (JSON or YAML, fenced "
        "or not) or name a template file of your workspace, and I check it against the schema of "
        "every ROS resource type: structure, parameters, references, functions, dependencies, "
        "outputs, properties and their values.\n"
        "- Convert Terraform to ROS: paste the HCL, or name a directory of your workspace; ask for "
        "the compatible form to keep the Terraform files as they are.\n"
        "- Create templates from building blocks: VPC and vSwitches, security groups, ECS, SLB and "
        "ALB, RDS, PolarDB, Redis, OSS, NAT gateway, auto scaling, Kubernetes (ACK), SLS and RAM, "
        'as ROS YAML, JSON or Terraform, e.g. "Create a VPC with two vSwitches."\n'
        "- With Alibaba Cloud credentials: validate a template with ROS, preview or price it, and "
        "create, update or delete stacks (each change asks for your permission first).\n"
        "\n"
        "Anything else (other products, explanations) needs a language model: start the server "
        "with `engine: llm` (an OpenAI-compatible endpoint such as DashScope/Qwen) for that."
    ): (
        "Je fonctionne avec le moteur hors ligne, qui marche sans modèle ni accès réseau.\n"
        "\n"
        "Ce que je peux faire hors ligne :\n"
        "- Vérifier un modèle ROS d'Alibaba Cloud : collez-le dans le message (JSON ou YAML, dans "
        "un bloc de code ou non) ou nommez un fichier de modèle de votre espace de travail, et je "
        "le vérifie selon le schéma de chaque type de ressource ROS : structure, paramètres, "
        "références, fonctions, dépendances, sorties, propriétés et leurs valeurs.\n"
        "- Convertir Terraform en ROS : collez le HCL ou nommez un répertoire de votre espace de "
        "travail ; demandez la forme compatible pour garder les fichiers Terraform tels quels.\n"
        "- Créer des modèles à partir de blocs : VPC et vSwitches, groupes de sécurité, ECS, SLB "
        "et ALB, RDS, PolarDB, Redis, OSS, passerelle NAT, mise à l'échelle automatique, "
        "Kubernetes (ACK), SLS et RAM, en ROS YAML, JSON ou Terraform, par exemple « "
        "Créez un VPC avec deux vSwitches. »\n"
        "- Avec des identifiants Alibaba Cloud : valider un modèle avec ROS, le prévisualiser ou "
        "en estimer le prix, et créer, mettre à jour ou supprimer des piles (chaque changement "
        "demande d'abord votre autorisation).\n"
        "\n"
        "Tout le reste (autres produits, explications) demande un modèle de langage : démarrez le "
        "serveur avec `engine: llm` (un point de terminaison compatible OpenAI, comme "
        "DashScope/Qwen)."
    ),
    "I could not build that template: {error}": "Je n'ai pas pu créer ce modèle : {error}",
    "I could not convert the Terraform: {error}": (
        "Je n'ai pas pu convertir le code Terraform : {error}"
    ),
    "Make {low_key} less than or equal to {high_key}.": (
        "Rendez {low_key} inférieur ou égal à {high_key}."
    ),
    "Move it under Properties if it is a property, or remove it.": (
        "Déplacez l'attribut sous Properties s'il s'agit d'une propriété, ou supprimez-le."
    ),
    "Name a resource defined under Resources.": "Indiquez une ressource définie sous Resources.",
    "No Terraform files were given.": "Aucun fichier Terraform n'a été fourni.",
    "None of the resources could be converted to native ROS resources ({left_out}); {hint}.": (
        "Aucune des ressources n'a pu être convertie en ressources ROS natives ({left_out}) ; "
        "{hint}."
    ),
    "Notes ({count}):": "Remarques ({count}) :",
    (
        "Output {name} has no Label, which the iac-code style asks for so the console shows a "
        "readable name."
    ): (
        "La sortie {name} n'a pas de Label, ce que le style iac-code demande pour que la console "
        "affiche un nom lisible."
    ),
    "Output {name} has no Value.": "La sortie {name} n'a pas de Value.",
    "Output {name} has the unknown key {key!r}.": (
        "La sortie {name} comporte la clé inconnue {key!r}."
    ),
    "Output {name} must be a mapping with a Value, not {value}.": (
        "La sortie {name} doit être un mapping avec une Value, et non {value}."
    ),
    "Parameter {name} has no Type.": "Le paramètre {name} n'a pas de Type.",
    "Parameter {name} has the unknown Type {value}.": (
        "Le paramètre {name} a le Type inconnu {value}."
    ),
    "Parameter {name} has the unknown attribute {key!r}.": (
        "Le paramètre {name} comporte l'attribut inconnu {key!r}."
    ),
    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no effect.": (
        "Le paramètre {name} n'est jamais utilisé par un Ref ou un Fn::Sub, sa valeur n'a donc "
        "aucun effet."
    ),
    "Parameter {name} must be a mapping with a Type, not {value}.": (
        "Le paramètre {name} doit être un mapping avec un Type, et non {value}."
    ),
    "Pass a finite tree of at most 100 levels, as a parsed template is.": (
        "Transmettez un arbre fini d'au plus 100 niveaux, comme l'est un modèle analysé."
    ),
    "Pass the template as a JSON or YAML string.": (
        "Transmettez le modèle sous forme de chaîne JSON ou YAML."
    ),
    "Quote it as '{version}' so every YAML reader sees a string.": (
        "Mettez la valeur entre guillemets ('{version}') pour que tout analyseur YAML y voie une "
        "chaîne."
    ),
    "Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'.": (
        "Mettez le motif entre guillemets, par exemple AllowedPattern: '^[a-z0-9-]+$'."
    ),
    "ROSTemplateFormatVersion is written as an unquoted YAML date.": (
        "ROSTemplateFormatVersion est écrit comme une date YAML sans guillemets."
    ),
    "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.": (
        "ROSTemplateFormatVersion vaut {value}, mais la seule valeur valide est {version}."
    ),
    "Ref must name a parameter, resource or pseudo parameter, not {value}.": (
        "Ref doit désigner un paramètre, une ressource ou un pseudo-paramètre, et non {value}."
    ),
    "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo parameter.": (
        "Ref fait référence à {name!r}, qui n'est ni un paramètre, ni une ressource, ni une "
        "variable locale, ni un pseudo-paramètre."
    ),
    "Reference it with Ref {name} where it is needed, or remove it.": (
        "Référencez-le avec Ref {name} là où il est nécessaire, ou supprimez-le."
    ),
    "Remove it or move its content.": "Supprimez la section ou déplacez son contenu.",
    "Remove it.": "Supprimez l'attribut.",
    "Remove it; outputs take Value, Description, Label and Condition.": (
        "Supprimez la clé ; les sorties acceptent Value, Description, Label et Condition."
    ),
    "Remove or rename the duplicate key.": "Supprimez ou renommez la clé en double.",
    "Remove the recursive alias; a template must be a finite tree.": (
        "Supprimez l'alias récursif ; un modèle doit être un arbre fini."
    ),
    "Rename it, for example to {cleaned!r}, and update every reference to it.": (
        "Renommez-le, par exemple en {cleaned!r}, et mettez à jour toutes les références à ce nom."
    ),
    "Rename one of them so every name is unique across the template.": (
        "Renommez l'un d'eux pour que chaque nom soit unique dans tout le modèle."
    ),
    (
        "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or Custom::, "
        "so ROS will not recognise it."
    ): (
        "Le type de ressource {kind!r} ne commence pas par ALIYUN::, DATASOURCE::, MODULE:: ou "
        "Custom:: ; ROS ne le reconnaîtra donc pas."
    ),
    "Resource {name} ({kind}) has no {key}, which it needs in practice.": (
        "La propriété {key} manque dans la ressource {name} ({kind}), alors qu'elle est nécessaire "
        "en pratique."
    ),
    "Resource {name} ({kind}) is missing the required property {key}.": (
        "La ressource {name} ({kind}) n'a pas la propriété obligatoire {key}."
    ),
    "Resource {name} depends on {value}, which is not a resource in this template.": (
        "La ressource {name} dépend de {value}, qui n'est pas une ressource de ce modèle."
    ),
    "Resource {name} has no Type.": "La ressource {name} n'a pas de Type.",
    "Resource {name} has the unknown attribute {key!r}.": (
        "La ressource {name} comporte l'attribut inconnu {key!r}."
    ),
    "Resource {name} must be a mapping with a Type, not {value}.": (
        "La ressource {name} doit être un mapping avec un Type, et non {value}."
    ),
    "Resource {resource} of type {kind} has no attribute {attribute!r}.": (
        "La ressource {resource} de type {kind} n'a pas d'attribut {attribute!r}."
    ),
    "Set Default to a number, or change Type to String.": (
        "Définissez Default sur un nombre, ou changez Type en String."
    ),
    "Set Default to true or false.": "Définissez Default sur true ou false.",
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.": (
        "Placez ROSTemplateFormatVersion: '{version}' en tête du modèle."
    ),
    "Set Type to a ROS resource type such as ALIYUN::ECS::VPC.": (
        "Définissez Type sur un type de ressource ROS tel que ALIYUN::ECS::VPC."
    ),
    "Set {key} to a non-negative integer such as 8.": (
        "Définissez {key} sur un entier non négatif, par exemple 8."
    ),
    "Set {key} to a number such as 1.": "Définissez {key} sur un nombre, par exemple 1.",
    "Split the template into nested stacks or modules, or move large scripts out of UserData.": (
        "Divisez le modèle en piles imbriquées ou en modules, ou sortez les scripts volumineux de "
        "UserData."
    ),
    "Split the template into smaller nested stacks or modules.": (
        "Divisez le modèle en piles imbriquées ou en modules plus petits."
    ),
    (
        "Start the template with ROSTemplateFormatVersion: '{version}' followed by sections such "
        "as Parameters and Resources."
    ): (
        "Commencez le modèle par ROSTemplateFormatVersion: '{version}', suivi de sections telles "
        "que Parameters et Resources."
    ),
    "Template check failed with {counted}; fix the errors before deploying.": (
        "La vérification du modèle a échoué avec {counted} ; corrigez les erreurs avant le "
        "déploiement."
    ),
    "Template check passed with no errors, warnings or notes.": (
        "La vérification du modèle a réussi, sans erreur, avertissement ni remarque."
    ),
    "Template check passed with {counted} and no errors or warnings.": (
        "La vérification du modèle a réussi avec {counted}, sans erreur ni avertissement."
    ),
    "Template check passed with {counted}; review the warnings before deploying.": (
        "La vérification du modèle a réussi avec {counted} ; examinez les avertissements avant le "
        "déploiement."
    ),
    "The CIDR block {cidr!r} of resource {name} {problem}.": (
        "Le bloc CIDR {cidr!r} de la ressource {name} {problem}."
    ),
    "The Default of Boolean parameter {name} is {value}, not true or false.": (
        "Le Default du paramètre Boolean {name} vaut {value}, et non true ou false."
    ),
    "The Default of Number parameter {name} is {value}, not a number.": (
        "Le Default du paramètre Number {name} vaut {value}, qui n'est pas un nombre."
    ),
    "The Default of parameter {name} is {length} characters long, outside {range}.": (
        "Le Default du paramètre {name} fait {length} caractères, ce qui est en dehors de {range}."
    ),
    "The Default {default!r} of parameter {name} does not match AllowedPattern {pattern!r}.": (
        "Le Default {default!r} du paramètre {name} ne correspond pas à AllowedPattern {pattern!r}."
    ),
    "The Default {number:g} of parameter {name} is outside {range}.": (
        "Le Default {number:g} du paramètre {name} est en dehors de {range}."
    ),
    "The Default {value} of parameter {name} is not one of AllowedValues.": (
        "Le Default {value} du paramètre {name} ne fait pas partie des AllowedValues."
    ),
    "The Properties of resource {name} must be a mapping, not {value}.": (
        "Les Properties de la ressource {name} doivent être un mapping, et non {value}."
    ),
    "The Resources section is empty.": "La section Resources est vide.",
    (
        "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS template "
        "body has to stay small, so remove large files or raise the limit."
    ): (
        "Les fichiers Terraform dépassent au total {limit} octets (atteint à {path}) ; le corps "
        "d'un modèle ROS doit rester petit, supprimez donc les gros fichiers ou augmentez la "
        "limite."
    ),
    "The Terraform is converted to native ROS resources.": (
        "Le code Terraform a été converti en ressources ROS natives."
    ),
    "The Terraform is wrapped unchanged in a ROS Terraform template.": (
        "Le code Terraform a été encapsulé tel quel dans un modèle Terraform ROS."
    ),
    "The Type of resource {name} must be a string, not {value}.": (
        "Le Type de la ressource {name} doit être une chaîne, et non {value}."
    ),
    "The Workspace file {name!r} must have text content, not {value}.": (
        "Le fichier Workspace {name!r} doit avoir un contenu texte, et non {value}."
    ),
    "The Workspace has no .tf file, so there is no Terraform configuration to run.": (
        "Le Workspace ne contient aucun fichier .tf ; il n'y a donc aucune configuration Terraform "
        "à exécuter."
    ),
    (
        "The Workspace path {name!r} {problem}; paths must be relative and stay inside the "
        "workspace."
    ): (
        "Le chemin Workspace {name!r} {problem} ; les chemins doivent être relatifs et rester dans "
        "l'espace de travail."
    ),
    "The condition name {name!r} contains {chars}, which condition names cannot contain.": (
        "Le nom de condition {name!r} contient {chars}, ce qui est interdit dans les noms de "
        "condition."
    ),
    "The condition of {where} must be the name of a condition, not {value}.": (
        "La condition de {where} doit être le nom d'une condition, et non {value}."
    ),
    "The condition {name!r} used by {where} is not defined in Conditions.": (
        "La condition {name!r} utilisée par {where} n'est pas définie dans Conditions."
    ),
    (
        "The directory has more than {limit} Terraform files (ROS accepts at most 50 Workspace "
        "files); remove unused files or raise the limit."
    ): (
        "Le répertoire contient plus de {limit} fichiers Terraform (ROS accepte au plus 50 "
        "fichiers Workspace) ; supprimez les fichiers inutilisés ou augmentez la limite."
    ),
    "The document contains itself or nests too deeply, so checking skipped that part.": (
        "Le document se contient lui-même ou est trop profondément imbriqué ; la vérification a "
        "donc ignoré cette partie."
    ),
    "The key {key!r} appears more than once in this mapping, so only its last value is used.": (
        "La clé {key!r} apparaît plusieurs fois dans ce mapping ; seule sa dernière valeur est "
        "utilisée."
    ),
    "The key {key!r} appears more than once in this object, so only its last value is used.": (
        "La clé {key!r} apparaît plusieurs fois dans cet objet ; seule sa dernière valeur est "
        "utilisée."
    ),
    "The local name {name!r} contains {chars}, which local names cannot contain.": (
        "Le nom de variable locale {name!r} contient {chars}, ce qui est interdit dans les noms de "
        "variables locales."
    ),
    "The mapping {name!r} has no second-level key {key!r}.": (
        "Le mapping {name!r} n'a pas de clé de second niveau {key!r}."
    ),
    "The mapping {name!r} has no top-level key {key!r}.": (
        "Le mapping {name!r} n'a pas de clé de premier niveau {key!r}."
    ),
    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.": (
        "Le nom {name!r} est défini dans plusieurs sections ({sections}), donc un Ref vers ce nom "
        "est ambigu."
    ),
    "The parameter name {name!r} contains {chars}, which parameter names cannot contain.": (
        "Le nom de paramètre {name!r} contient {chars}, ce qui est interdit dans les noms de "
        "paramètre."
    ),
    "The resource name {name!r} contains {chars}, which resource names cannot contain.": (
        "Le nom de ressource {name!r} contient {chars}, ce qui est interdit dans les noms de "
        "ressource."
    ),
    "The template body must be text, not {kind}.": (
        "Le corps du modèle doit être du texte, et non {kind}."
    ),
    "The template contains a YAML alias that refers to itself.": (
        "Le modèle contient un alias YAML qui fait référence à lui-même."
    ),
    "The template defines no resources.": "Le modèle ne définit aucune ressource.",
    (
        "The template expands to more than {limit} values, usually through YAML aliases that "
        "repeat large anchors."
    ): (
        "Le modèle se développe en plus de {limit} valeurs, généralement à cause d'alias YAML qui "
        "répètent de grandes ancres."
    ),
    "The template has a Terraform Transform but no Workspace with Terraform files.": (
        "Le modèle a un Transform Terraform mais aucun Workspace contenant des fichiers Terraform."
    ),
    (
        "The template has more than {limit} values, so checking stopped early and some problems "
        "may be unreported."
    ): (
        "Le modèle contient plus de {limit} valeurs ; la vérification s'est donc arrêtée tôt et "
        "certains problèmes peuvent ne pas être signalés."
    ),
    "The template has no ROSTemplateFormatVersion.": (
        "Le modèle n'a pas de ROSTemplateFormatVersion."
    ),
    "The template is attached as {filename}.": "Le modèle est joint sous le nom {filename}.",
    "The template is attached as {filename}; fill in the parameters when you create the stack.": (
        "Le modèle est joint sous le nom {filename} ; renseignez les paramètres lors de la "
        "création de la pile."
    ),
    "The template is empty.": "Le modèle est vide.",
    "The template is larger than the limit of {limit} bytes (2 MiB).": (
        "Le modèle dépasse la limite de {limit} octets (2 Mio)."
    ),
    "The template is not valid JSON or YAML: {detail}.": (
        "Le modèle n'est pas un JSON ou un YAML valide : {detail}."
    ),
    "The template looks like JSON but is not valid JSON: {detail}.": (
        "Le modèle ressemble à du JSON mais n'est pas un JSON valide : {detail}."
    ),
    "The template must be a mapping of sections, not {kind}.": (
        "Le modèle doit être un mapping de sections, et non {kind}."
    ),
    "The template nests values more than {limit} levels deep.": (
        "Le modèle imbrique des valeurs sur plus de {limit} niveaux."
    ),
    "The {section} section must be a mapping, not {value}.": (
        "La section {section} doit être un mapping, et non {value}."
    ),
    "There is no .tf file at the top of the workspace (root module).": (
        "Il n'y a aucun fichier .tf à la racine de l'espace de travail (module racine)."
    ),
    "There is no .tf file, so there is no Terraform configuration.": (
        "Il n'y a aucun fichier .tf, donc aucune configuration Terraform."
    ),
    (
        "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
        "'Aliyun::Terraform-v1.x' (for example v1.5)."
    ): (
        "Transform {transform!r} n'est pas un moteur Terraform ROS ; utilisez {default!r} ou "
        "'Aliyun::Terraform-v1.x' (par exemple v1.5)."
    ),
    "Use ALIYUN::Index only inside the Properties of a resource that sets Count.": (
        "N'utilisez ALIYUN::Index que dans les Properties d'une ressource qui définit Count."
    ),
    "Use Ref {name} for a parameter or local, since {how} needs a resource.": (
        "Utilisez Ref {name} pour un paramètre ou une variable locale, car {how} attend une "
        "ressource."
    ),
    "Use a relative path such as main.tf or modules/vpc/main.tf.": (
        "Utilisez un chemin relatif tel que main.tf ou modules/vpc/main.tf."
    ),
    "Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance.": (
        "Utilisez un type Alibaba Cloud ROS tel que ALIYUN::ECS::Instance."
    ),
    "Use one of the ROS intrinsic functions, such as Fn::Join.": (
        "Utilisez l'une des fonctions intrinsèques ROS, par exemple Fn::Join."
    ),
    "Use one of the allowed values ({choices}) or add the default to AllowedValues.": (
        "Utilisez l'une des valeurs autorisées ({choices}) ou ajoutez la valeur par défaut à "
        "AllowedValues."
    ),
    "Use one of the attributes of {kind}: {listing}.": (
        "Utilisez l'un des attributs du type {kind} : {listing}."
    ),
    "Use one of: {choices}.": "Utilisez l'une des valeurs suivantes : {choices}.",
    "Use {match!r} if that is what you meant, or {otherwise}": (
        "Utilisez {match!r} si c'est ce que vous vouliez dire, ou {otherwise}"
    ),
    "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} ({ranges}).": (
        "Le VSwitch {name} utilise {network}, qui est en dehors de la plage du VPC {vpc} "
        "({ranges})."
    ),
    (
        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch {other} in the "
        "same VPC."
    ): (
        "Le VSwitch {name} utilise {network}, qui chevauche {other_network} du VSwitch {other} "
        "dans le même VPC."
    ),
    "Warnings ({count}):": "Avertissements ({count}) :",
    "Workspace is set, but without a Terraform Transform ROS ignores it.": (
        "Workspace est défini, mais sans Transform Terraform, ROS l'ignore."
    ),
    "Workspace path {path!r} must be a string.": (
        "Le chemin Workspace {path!r} doit être une chaîne."
    ),
    "Workspace path {path!r} {problem}.": "Le chemin Workspace {path!r} {problem}.",
    "Write AllowedValues as a list, for example [small, large].": (
        "Écrivez AllowedValues sous forme de liste, par exemple [small, large]."
    ),
    "Write DependsOn as a name or a list of resource names.": (
        "Écrivez DependsOn sous forme de nom ou de liste de noms de ressources."
    ),
    "Write Properties as a mapping of property names to values.": (
        "Écrivez Properties sous forme de mapping associant des noms de propriétés à des valeurs."
    ),
    "Write an IPv4 network with its prefix length, such as 192.168.0.0/16.": (
        "Écrivez un réseau IPv4 avec sa longueur de préfixe, par exemple 192.168.0.0/16."
    ),
    "Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId.": (
        "Écrivez-le sous la forme Fn::GetAtt: [MyVpc, VpcId] ou, en YAML, !GetAtt MyVpc.VpcId."
    ),
    "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', {{Var: value}}].": (
        "Écrivez-le sous la forme Fn::Sub: 'text ${{Name}}' ou Fn::Sub: ['text ${{Var}}', {{Var: "
        "value}}]."
    ),
    "Write the name as a plain string, for example Ref: VpcId.": (
        "Écrivez le nom sous forme de chaîne simple, par exemple Ref: VpcId."
    ),
    "Write the output as a mapping with Value, Description and Label.": (
        "Écrivez la sortie sous forme de mapping avec Value, Description et Label."
    ),
    "Write the parameter as a mapping, for example {{Type: String}}.": (
        "Écrivez le paramètre sous forme de mapping, par exemple {{Type: String}}."
    ),
    "Write the repeated parts out or use fewer aliases; templates rarely need them.": (
        "Écrivez explicitement les parties répétées ou utilisez moins d'alias ; les modèles en ont "
        "rarement besoin."
    ),
    "Write the resource as a mapping with Type and Properties keys.": (
        "Écrivez la ressource sous forme de mapping avec les clés Type et Properties."
    ),
    "Write {section} as a mapping of names to definitions.": (
        "Écrivez {section} sous forme de mapping associant des noms à des définitions."
    ),
    "Write {section} as a single string.": "Écrivez {section} sous forme de chaîne unique.",
    "a VPC ({cidr}) with 1 vSwitch": "un VPC ({cidr}) avec 1 vSwitch",
    "a VPC ({cidr}) with {count} vSwitches": "un VPC ({cidr}) avec {count} vSwitches",
    "a load balancer": "un équilibreur de charge",
    "a security group": "un groupe de sécurité",
    "an OSS bucket": "un bucket OSS",
    "an RDS {engine} {version} instance": "une instance RDS {engine} {version}",
    "condition {name}": "la condition {name}",
    "contains '..'": "contient '..'",
    "contains a backslash; use '/' between folders": (
        "contient une barre oblique inverse ; utilisez '/' entre les dossiers"
    ),
    "has a name longer than {limit} characters": "contient un nom de plus de {limit} caractères",
    "has an empty, '.' or '..' segment": "contient un segment vide, '.' ou '..'",
    "has host bits set (the network is {network})": (
        "a des bits d'hôte définis (le réseau est {network})"
    ),
    "has no prefix length": "n'a pas de longueur de préfixe",
    "indexes {address}, which has no count": "indexe {address}, qui n'a pas de count",
    "is absolute": "est absolu",
    "is empty": "est vide",
    "is longer than {limit} characters": "dépasse {limit} caractères",
    "is not an IPv4 network": "n'est pas un réseau IPv4",
    "is part of a reference cycle": "fait partie d'un cycle de références",
    "is used outside a resource with count": "est utilisé en dehors d'une ressource avec count",
    "line {line}": "ligne {line}",
    "line {line}, column {column}": "ligne {line}, colonne {column}",
    "output {name}": "la sortie {name}",
    "reads a nested or whole-object value of a resource": (
        "lit une valeur imbriquée ou un objet entier d'une ressource"
    ),
    "reads an output of module {module}, which is not converted": (
        "lit une sortie du module {module}, qui n'est pas converti"
    ),
    (
        "reads {attribute} of {source}; the parameter standing for it holds only the chosen id"
    ): "lit {attribute} de {source} ; le paramètre qui le représente ne contient que l'ID choisi",
    "reads the data source {source}, which ROS cannot see": (
        "lit la source de données {source}, que ROS ne peut pas voir"
    ),
    "reads {address}, which is not declared in these files": (
        "lit {address}, qui n'est pas déclaré dans ces fichiers"
    ),
    "reads {address}, which was not converted": "lit {address}, qui n'a pas été converti",
    "reads {attribute} of {address}, which has no ROS attribute": (
        "lit {attribute} de {address}, sans attribut ROS correspondant"
    ),
    "reads {attribute} of {address}, which it does not set: Terraform gives the provider's default or the computed value there, which ROS has no attribute for": (
        "lit {attribute} de {address}, que la ressource ne définit pas : Terraform y donne la valeur par défaut du fournisseur ou la valeur calculée, pour laquelle ROS n'a pas d'attribut"
    ),
    "reads {attribute} of {address}, which differs per copy, and the copy or the number of copies is known only at deploy time": (
        "lit {attribute} de {address}, qui diffère d'une copie à l'autre, et la copie ou le nombre de copies n'est connu qu'au déploiement"
    ),
    "{address}: {attribute} is read back as its blocks were given; Terraform's value also has the fields the provider fills in, which this one lacks.": (
        "{address} : {attribute} est relu tel que ses blocs ont été donnés ; la valeur de Terraform contient aussi les champs que le fournisseur remplit, qui manquent ici."
    ),
    "reads {local}, which is not declared": "lit {local}, qui n'est pas déclaré",
    "reads {local}, which refers to itself": "lit {local}, qui fait référence à lui-même",
    "resource {name}": "la ressource {name}",
    "template": "modèle",
    "the file ends in the middle of a block or expression": (
        "le fichier se termine au milieu d'un bloc ou d'une expression"
    ),
    "the range set by {bounds}": "la plage définie par {bounds}",
    "there are no resources": "il n'y a aucune ressource",
    "unexpected character {char!r}": "caractère {char!r} inattendu",
    "unexpected {token!r}": "{token!r} inattendu",
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged": (
        "utilisez l'encapsulation compatible (wrap_terraform), qui déploie les fichiers Terraform "
        "tels quels"
    ),
    "uses a %{{...}} template directive": "utilise une directive de template %{{...}}",
    "uses a splat on a variable or local": "utilise un splat sur une variable ou une valeur locale",
    "uses {root}, which has no ROS equivalent": "utilise {root}, qui n'a pas d'équivalent ROS",
    "{addresses}: {what}, so it was left out; to deploy it, {hint}.": (
        "{addresses} : {what}, donc omis ; pour le déployer, {hint}."
    ),
    "{address} is declared twice, in {earlier} and {path}; Terraform rejects this too.": (
        "{address} est déclaré deux fois, dans {earlier} et {path} ; Terraform le refuse également."
    ),
    "{address}: depends_on {item!r} names nothing converted, so it was dropped.": (
        "{address} : depends_on {item!r} ne désigne rien de converti, il a donc été supprimé."
    ),
    (
        "{address}: sets nothing that maps to {key}, which {kind} needs; added parameter {name} "
        "for it, to be set when the stack is created."
    ): (
        "{address} : ne définit rien qui corresponde à {key}, requis par {kind} ; le paramètre "
        "{name} a été ajouté à cet effet, à renseigner lors de la création de la pile."
    ),
    "{address}: value {expr} {reason}, so the output was left out.": (
        "{address} : la valeur {expr} {reason} ; la sortie a donc été omise."
    ),
    (
        "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be set when "
        "the stack is created."
    ): (
        "{address} : {argument} = {expr} {reason} ; le paramètre {name} a été ajouté à cet effet, "
        "à renseigner lors de la création de la pile."
    ),
    "{address}: {note}.": "{address} : {note}.",
    "{count} ECS instances": "{count} instances ECS",
    (
        "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order their "
        "creation."
    ): (
        "{count} entrées dépendent les unes des autres en cycle ({chain}) ; ROS ne peut donc pas "
        "ordonner leur création."
    ),
    "{count} error": "{count} erreur",
    "{count} errors": "{count} erreurs",
    "{count} note": "{count} remarque",
    "{count} notes": "{count} remarques",
    "{count} warning": "{count} avertissement",
    "{count} warnings": "{count} avertissements",
    "{directory} is not a directory with Terraform files.": (
        "{directory} n'est pas un répertoire contenant des fichiers Terraform."
    ),
    "{first} and {second}": "{first} et {second}",
    "{first} or {second}": "{first} ou {second}",
    "{first}, {second}": "{first}, {second}",
    "{function} is not a ROS function.": "{function} n'est pas une fonction ROS.",
    "{how} refers to {value}, which is not a resource in this template.": (
        "{value}, référencé par {how}, n'est pas une ressource de ce modèle."
    ),
    "{key!r} is not a ROS template section.": "{key!r} n'est pas une section de modèle ROS.",
    "{key} is {value}, not one of {choices}; converted as {default}": (
        "{key} vaut {value}, qui ne fait pas partie de {choices} ; converti en {default}"
    ),
    "{key} must be a number, not {value}.": "{key} doit être un nombre, et non {value}.",
    "{key} must be a whole number of characters, not {value}.": (
        "{key} doit être un nombre entier de caractères, et non {value}."
    ),
    "{key} of resource {name} is {value!r}, which is not among the values the ROS schema lists for {kind}; that list is known to be wrong here.": (
        "{key} de la ressource {name} vaut {value!r}, qui ne figure pas parmi les valeurs que le schéma ROS indique pour {kind} ; cette liste est connue pour être fausse ici."
    ),
    "Check the value against the {kind} documentation.": "Vérifiez la valeur dans la documentation de {kind}.",
    "{key} of resource {name} is {value!r}, which {kind} does not accept.": (
        "{key} de la ressource {name} vaut {value!r}, valeur non acceptée par {kind}."
    ),
    "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is allowed.": (
        "{low_key} ({low:g}) est supérieur à {high_key} ({high:g}), aucune valeur n'est donc "
        "autorisée."
    ),
    "{name} (local)": "{name} (variable locale)",
    "{name} depends on itself ({chain}), so it can never be created.": (
        "{name} dépend de lui-même ({chain}) et ne peut donc jamais être créé."
    ),
    "{path} is a symlink to a missing file.": (
        "{path} est un lien symbolique vers un fichier manquant."
    ),
    (
        "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace files must be "
        "UTF-8."
    ): (
        "{path} n'est pas du texte UTF-8 (octet invalide à la position {offset}) ; les fichiers "
        "Workspace ROS doivent être en UTF-8."
    ),
    "{path} must be text, not {kind}.": "{path} doit être du texte, et non {kind}.",
    "{path}, line {line}": "{path}, ligne {line}",
    "{path}, line {line}, column {column}": "{path}, ligne {line}, colonne {column}",
    "{section} must be a string, not {value}.": "{section} doit être une chaîne, et non {value}.",
    "{type} has no native ROS mapping here": "{type} n'a pas de correspondance ROS native ici",
    "{variable} is used but not declared; added it as a String parameter.": (
        "{variable} est utilisé mais non déclaré ; ajouté comme paramètre String."
    ),
    "{where}: not valid HCL ({what}).": "{where} : HCL non valide ({what}).",
    "calls {function}() with arguments it cannot use": "appelle {function}() avec des arguments qu'elle ne peut pas utiliser",
    "calls {function}(), which has no ROS equivalent here": "appelle {function}(), qui n'a pas d'équivalent ROS ici",
    "has a condition that is not true or false": "a une condition qui n'est ni true ni false",
    "has an object key that is not known in advance": "a une clé d'objet qui n'est pas connue à l'avance",
    "is a comparison that is only known at deploy time": "est une comparaison connue seulement au déploiement",
    "is a for expression over a value known only at deploy time": "est une expression for sur une valeur connue seulement au déploiement",
    "is a for expression whose filter is known only at deploy time": "est une expression for dont le filtre n'est connu qu'au déploiement",
    "is an expression this converter does not read": "est une expression que ce convertisseur ne lit pas",
    "it is given {count} times, and ROS takes one": "il est donné {count} fois et ROS n'en accepte qu'un",
    "its count is 0": "son count vaut 0",
    "its for_each is not a list, set or map known before deployment": "son for_each n'est pas une liste, un ensemble ou une map connus avant le déploiement",
    "its for_each {reason}": "son for_each {reason}",
    "its source {source!r} has no .tf files in the workspace": "sa source {source!r} n'a pas de fichiers .tf dans l'espace de travail",
    "its source {source!r} is not a local module, and its code is not guessed": "sa source {source!r} n'est pas un module local, et son code n'est pas deviné",
    "its source {source!r} lies outside the workspace": "sa source {source!r} se trouve hors de l'espace de travail",
    "its character set is not known in the files, or it has fewer characters than character classes (ROS puts each class in at least once)": "son jeu de caractères n'est pas connu dans les fichiers, ou il a moins de caractères que de classes de caractères (ROS place chaque classe au moins une fois)",
    "its min and max are not literal whole numbers from 0 up": "ses min et max ne sont pas des entiers littéraux à partir de 0",
    "keepers not converted (ROS keeps the value for the stack's life)": "keepers n'est pas converti (ROS garde la valeur pendant toute la vie de la pile)",
    "the password is an attribute of the stack (ALIYUN::RandomString), which Terraform marks sensitive": "le mot de passe est un attribut de la pile (ALIYUN::RandomString), que Terraform marque comme sensible",
    "{address} became {name}, the UUID ROS gives each stack.": "{address} est devenu {name}, l'UUID que ROS donne à chaque pile.",
    "{name} is known only at deploy time; converted as true": "{name} n'est connu qu'au déploiement ; converti comme true",
    "The folders a conversion reads hold more than {limit} entries; convert a smaller folder.": "Les dossiers qu'une conversion lit contiennent plus de {limit} entrées ; convertissez un dossier plus petit.",
    "The module folder {path} is a symlink to a place outside the workspace, which is not followed.": "Le dossier de module {path} est un lien symbolique vers un emplacement hors de l'espace de travail, qui n'est pas suivi.",
    "The root module {root} is at the top of the Workspace, as ROS runs it; the {count} other files it needs are under {outside}/ with their workspace paths, and the module sources naming them were rewritten to match.": "Le module racine {root} est en haut du Workspace, comme ROS l'exécute ; les {count} autres fichiers dont il a besoin sont sous {outside}/ avec leurs chemins de l'espace de travail, et les sources de module qui les nomment ont été réécrites en conséquence.",
    "The workspace has more than {limit} Terraform files where a conversion looks; convert a smaller folder.": "L'espace de travail contient plus de {limit} fichiers Terraform là où une conversion regarde ; convertissez un dossier plus petit.",
    "There is no .tf file in the root module folder {root}.": "Il n'y a aucun fichier .tf dans le dossier du module racine {root}.",
    "{path} is a symlink to a place outside the Terraform directory, which is not followed; copy the file into the directory instead.": "{path} est un lien symbolique vers un emplacement hors du répertoire Terraform, qui n'est pas suivi ; copiez plutôt le fichier dans le répertoire.",
    "{path} is a symlink to a place outside the workspace, which is not followed; copy the file into the workspace instead.": "{path} est un lien symbolique vers un emplacement hors de l'espace de travail, qui n'est pas suivi ; copiez plutôt le fichier dans l'espace de travail.",
    "{path} is not a folder with .tf files (a root module).": "{path} n'est pas un dossier contenant des fichiers .tf (un module racine).",
    '{path}: the source of module {name} could not be rewritten for the Workspace (write it as source = "..." on a line of its own), so the root module cannot be moved to the top of the Workspace.': '{path} : la source du module {name} n\'a pas pu être réécrite pour le Workspace (écrivez-la source = "..." sur une ligne à part), donc le module racine ne peut pas être placé en haut du Workspace.',
    "its value is computed JSON text, which ROS needs as an object": "sa valeur est un texte JSON calculé, que ROS attend sous forme d'objet",
    "its value is computed, so its nested arguments cannot be mapped": "sa valeur est calculée, donc ses arguments imbriqués ne peuvent pas être mis en correspondance",
    "its value is not JSON text": "sa valeur n'est pas un texte JSON",
    "it has {count} items, and ROS takes {wanted}": "il a {count} éléments, et ROS en prend {wanted}",
    "it is {value!r}, not one of {choices}": "il vaut {value!r}, pas l'un de {choices}",
    "its JSON text nests too deeply to read": "son texte JSON est imbriqué trop profondément pour être lu",
    "its value is not a map, which this rule needs": "sa valeur n'est pas une map, ce dont cette règle a besoin",
    "reads a whole resource, which has no ROS value": "lit une ressource entière, qui n'a pas de valeur ROS",
    "sorter_type {kind!r} has no ROS form": "sorter_type {kind!r} n'a pas de forme ROS",
    "the mapping rules do not know it": "les règles de correspondance ne le connaissent pas",
    "the vendor's rule for it cannot be followed ({why})": "la règle de l'éditeur pour cet argument ne peut pas être suivie ({why})",
    "{address} calls the module {source!r} within itself.": "{address} appelle le module {source!r} à l'intérieur de lui-même.",
    "{address} nests modules more than {limit} deep, which is not converted.": "{address} imbrique des modules sur plus de {limit} niveaux, ce qui n'est pas converti.",
    "{address}: for_each over {variable} was unrolled over its default, so a different value at deploy time is not followed.": "{address} : le for_each sur {variable} a été déroulé sur sa valeur par défaut, donc une autre valeur au déploiement n'est pas suivie.",
    "{address}: the dynamic block {name} was not converted ({reason}).": "{address} : le bloc dynamic {name} n'a pas été converti ({reason}).",
    "{address}: {arguments} not converted ({reason}), so the ROS resource uses its defaults there.": "{address} : {arguments} non converti ({reason}), donc la ressource ROS y utilise ses valeurs par défaut.",
    "{address}: {note}": "{address} : {note}",
    "{address}: {what}, so it was left out.": "{address} : {what}, donc il a été omis.",
    "{address}: {why}, so it was left out; {hint}.": "{address} : {why}, donc il a été omis ; {hint}.",
    "{address}: {why}, so its resources were left out; {hint}.": "{address} : {why}, donc ses ressources ont été omises ; {hint}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out.": "{found} ressources Terraform : {native} converties nativement, {lossy} converties avec des pertes, {dropped} omises.",
    "{path}: module {name} has the remote source {source!r}, which is not in the Workspace; ROS must download it when it deploys the stack.": "{path} : le module {name} a la source distante {source!r}, qui n'est pas dans le Workspace ; ROS doit la télécharger au déploiement de la pile.",
    "{path}: module {name} has the source {source!r}, which is not in the Workspace, so the stack fails when Terraform initialises; wrap the directory that contains the module instead.": "{path} : le module {name} a la source {source!r}, qui n'est pas dans le Workspace, donc la pile échoue à l'initialisation de Terraform ; encapsulez plutôt le répertoire qui contient le module.",
    "{source} became parameter {name}, chosen when the stack is created.": "{source} est devenu le paramètre {name}, choisi à la création de la pile.",
    "{type} has no property for it": "{type} n'a pas de propriété pour cela",
    "{type} has no property {name}": "{type} n'a pas de propriété {name}",
    "{variable}: the validation {condition} has no ROS parameter constraint, so ROS does not check it when the stack is created.": "{variable} : la validation {condition} n'a pas de contrainte de paramètre ROS, donc ROS ne la vérifie pas à la création de la pile.",
    "the vendor's rules leave it out, though {type} has a property {name}": "les règles de l'éditeur l'omettent, bien que {type} ait une propriété {name}",
    "the vendor's rules say ROS has no property for it": "selon les règles de l'éditeur, ROS n'a pas de propriété pour cela",
    "The Terraform nests values or expressions too deeply to convert.": "Le Terraform imbrique des valeurs ou des expressions trop profondément pour être converti.",
    "its for_each has {count} items, more than {limit}": "son for_each a {count} éléments, plus de {limit}",
    "passes template variables that are not known in advance": "passe des variables de modèle qui ne sont pas connues à l'avance",
    "reads a file that is not in the Terraform files it was given": "lit un fichier qui ne fait pas partie des fichiers Terraform fournis",
    "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.": "{count} fichiers Terraform ont été fournis ; ROS accepte au plus {limit} fichiers Workspace.",
    "its count is not a number known before deployment": "son count n'est pas un nombre connu avant le déploiement",
    "{address}: count was computed from the default of {variable}, so a different value at deploy time is not followed.": "{address} : le count a été calculé à partir de la valeur par défaut de {variable}, donc une autre valeur au déploiement n'est pas suivie.",
    "Base the expression on parameters (Ref to a parameter) and literal values.": "Construisez l'expression avec des paramètres (Ref vers un paramètre) et des valeurs littérales.",
    "Check the name in the ROS resource type list.": "Vérifiez le nom dans la liste des types de ressources ROS.",
    "Fn::Select index {index} is out of range for a list of {count} items.": "L'index {index} de Fn::Select est hors limites pour une liste de {count} éléments.",
    "Give Fn::Select a list that is not empty.": "Donnez à Fn::Select une liste non vide.",
    "Give {key} a value of type {wanted}, or a function that returns one.": "Donnez à {key} une valeur de type {wanted}, ou une fonction qui en renvoie une.",
    "Remove it; {owner} takes: {listing}.": "Supprimez-la ; {owner} accepte : {listing}.",
    "Resource {name} has the type {kind!r}, which the ROS schema does not list.": "La ressource {name} a le type {kind!r}, que le schéma ROS ne répertorie pas.",
    "Use an index from 0 to {last}.": "Utilisez un index de 0 à {last}.",
    "Use {choices} if that is what you meant, or check the name in the ROS resource type list.": "Utilisez {choices} si c'est ce que vous vouliez dire, ou vérifiez le nom dans la liste des types de ressources ROS.",
    "Use {choices} if that is what you meant, or remove it.": "Utilisez {choices} si c'est ce que vous vouliez dire, ou supprimez-la.",
    "Write it as {function}: {shape}.": "Écrivez-la sous la forme {function} : {shape}.",
    "{function} takes {shape}, not {value}.": "{function} attend {shape}, pas {value}.",
    "{key!r} is not a property of {owner} in the ROS schema.": "{key!r} n'est pas une propriété de {owner} dans le schéma ROS.",
    "{owner} is missing the required property {key}.": "Il manque à {owner} la propriété obligatoire {key}.",
    "{owner} must be {wanted}, not {value}.": "{owner} doit être {wanted}, pas {value}.",
    "{section} cannot use {what}: they are evaluated before any resource exists.": "{section} ne peut pas utiliser {what} : ils sont évalués avant qu'aucune ressource n'existe.",
    # iaccode/iac/block_read.py, block_answer.py, blocks.py: the request accounted for
    "2 instances in 2 zones for high availability": "2 instances dans 2 zones pour la haute disponibilité",
    "Applied from the request:": "Appliqué d'après la demande :",
    "Not applied:": "Non appliqué :",
    "Nothing was built, because the request cannot be honoured as asked:": "Rien n'a été créé, car la demande ne peut pas être respectée telle quelle :",
    "Nothing was built: no building block covers these parts of the request:": "Rien n'a été créé : aucun bloc ne couvre ces parties de la demande :",
    "One template deploys to one region, and the request names {regions}.": "Un modèle se déploie dans une seule région, et la demande nomme {regions}.",
    "The llm engine (`engine: llm`) can write what is not applied.": "Le moteur llm (`engine: llm`) peut écrire ce qui n'est pas appliqué.",
    "The request both asks for and rules out public access.": "La demande exige et exclut à la fois l'accès public.",
    "The request gives no exact count ({words}); say how many, from 1 to {most}.": "La demande ne donne pas de nombre exact ({words}) ; indiquez combien, de 1 à {most}.",
    "The request rules out a {what}, which the resources it asks for need.": "La demande exclut {what}, dont les ressources demandées ont besoin.",
    "The request rules out port(s) {ports}, which the load balancer would need.": "La demande exclut le(s) port(s) {ports}, dont l'équilibreur de charge aurait besoin.",
    "a NAT gateway with an elastic IP and SNAT": "une passerelle NAT avec une IP élastique et SNAT",
    "a PolarDB {engine} {version} cluster": "un cluster PolarDB {engine} {version}",
    "a RAM role for {service}": "un rôle RAM pour {service}",
    "a Redis {version} instance": "une instance Redis {version}",
    "a log project with a logstore": "un projet de journaux avec un logstore",
    "an elastic IP is built for instances or a NAT gateway": "une IP élastique est créée pour des instances ou une passerelle NAT",
    "an elastic IP per instance": "une IP élastique par instance",
    "an internal (intranet) load balancer": "un équilibreur de charge interne (intranet)",
    "database storage of {size} GB": "stockage de base de données de {size} Go",
    "disks, instance type or image": "disques, type d'instance ou image",
    "image {image}": "image {image}",
    "instance type {type}": "type d'instance {type}",
    "logs kept {days} days": "journaux conservés {days} jours",
    "name {name}": "nom {name}",
    "no current instance type matches exactly; choose one in the InstanceType parameter": "aucun type d'instance actuel ne correspond exactement ; choisissez-en un dans le paramètre InstanceType",
    "no public image id for it is known offline; choose it in the ImageId parameter": "hors ligne, son id d'image publique n'est pas connu ; choisissez-la dans le paramètre ImageId",
    "not a valid resource name": "n'est pas un nom de ressource valide",
    "not opened, as asked: port(s) {ports}": "non ouverts, comme demandé : port(s) {ports}",
    "offline I write ROS (YAML or JSON) or Terraform": "hors ligne j'écris du ROS (YAML ou JSON) ou du Terraform",
    "one VPC CIDR per template: {first} is used": "un CIDR de VPC par modèle : {first} est utilisé",
    "one image per template": "une image par modèle",
    "one instance type per template: {first} is the default": "un type d'instance par modèle : {first} est la valeur par défaut",
    "one source CIDR per template: {first} is used": "un CIDR source par modèle : {first} est utilisé",
    "port(s) {ports} open only to the AdminCidr parameter, which you fill in": "port(s) {ports} ouvert(s) seulement au paramètre AdminCidr, que vous renseignez",
    "port(s) {ports} open to {source} only": "port(s) {ports} ouvert(s) seulement à {source}",
    "public bandwidth is 1 to 100 Mbps and needs a public IP": "la bande passante publique va de 1 à 100 Mbit/s et exige une IP publique",
    "public bandwidth {mbps} Mbps": "bande passante publique de {mbps} Mbit/s",
    "storage is set for an RDS database only": "le stockage ne se règle que pour une base de données RDS",
    "system disk of {size} GB": "disque système de {size} Go",
    "tags {tags}": "étiquettes {tags}",
    "the building blocks have no {product}; the llm engine can write it": "les blocs n'incluent pas {product} ; le moteur llm peut l'écrire",
    "the instance type named in the request decides the size": "le type d'instance nommé dans la demande détermine la taille",
    "the request does not say which disk or storage the size is for": "la demande ne dit pas à quel disque ou stockage la taille s'applique",
    "they belong to ECS instances, and the request asks for none": "ils concernent des instances ECS, et la demande n'en demande aucune",
    "vSwitches in 2 zones for high availability": "vSwitches dans 2 zones pour la haute disponibilité",
    "web port(s) {ports} open to the VPC": "port(s) web {ports} ouvert(s) au VPC",
    "web port(s) {ports} open to the internet": "port(s) web {ports} ouvert(s) à internet",
    "zones {zones}": "zones {zones}",
    "{count} data disk(s) of {sizes} GB": "{count} disque(s) de données de {sizes} Go",
    "{cpu} vCPUs": "{cpu} vCPU",
    "{mbps} Mbps": "{mbps} Mbit/s",
    "{part}: {reason}": "{part} : {reason}",
    "{size} GB": "{size} Go",
    "Format: {format}.": "Format : {format}.",
    "the Terraform rules have no counterpart, so the configuration leaves it out": "les règles Terraform n'ont pas d'équivalent, la configuration l'omet donc",
    "a Kubernetes cluster with {count} nodes": "un cluster Kubernetes de {count} nœuds",
    "an application load balancer": "un équilibreur de charge d'application",
    "an auto scaling group of {low} to {high} instances": "un groupe de mise à l'échelle automatique de {low} à {high} instances",
    "At most {most} ECS instances per template.": "Au plus {most} instances ECS par modèle.",
    "Redis {version} is not offered; use one of: {versions}.": "Redis {version} n'est pas proposé ; utilisez l'un de : {versions}.",
    "A load balancer needs a listener port, and the request rules out 80 and 443.": "Un équilibreur de charge a besoin d'un port d'écoute, et la demande exclut 80 et 443.",
    "An application load balancer listens on 80 or 443, and the request rules out both.": "Un équilibreur de charge d'application écoute sur 80 ou 443, et la demande exclut les deux.",
    "elastic IP bandwidth {mbps} Mbps": "bande passante de l'IP élastique de {mbps} Mbit/s",
    "every port open is not built; name the ports to open": "l'ouverture de tous les ports n'est pas faite ; nommez les ports à ouvrir",
    "log-in with a key pair (the KeyPairName parameter)": "connexion avec une paire de clés (le paramètre KeyPairName)",
    "the building blocks create resources only; the llm engine can add it": "les blocs ne créent que des ressources ; le moteur llm peut l'ajouter",
    "a source CIDR limits opened ports, and the request opens none": "un CIDR source limite les ports ouverts, et la demande n'en ouvre aucun",
    "database reachable from {source} only": "base de données accessible seulement depuis {source}",
    "has a condition on a resource's value, which ROS evaluates before any resource exists": "a une condition sur la valeur d'une ressource, que ROS évalue avant qu'aucune ressource n'existe",
    "Rule {name} must be a mapping with Assertions, not {value}.": "La règle {name} doit être un mappage avec Assertions, pas {value}.",
    "Rule {name} has the unknown key {key!r}.": "La règle {name} contient la clé inconnue {key!r}.",
    "Rule {name} needs a list of Assertions, not {value}.": "La règle {name} a besoin d'une liste d'Assertions, pas de {value}.",
    "Assertion {index} of rule {name} must have Assert (and may have AssertDescription), not {value}.": "L'assertion {index} de la règle {name} doit avoir Assert (et peut avoir AssertDescription), pas {value}.",
    "Write the rule as a mapping with Assertions: a list of entries with Assert and AssertDescription.": "Écrivez la règle comme un mappage avec Assertions : une liste d'entrées avec Assert et AssertDescription.",
    # Architecture diagrams (iaccode.iac.diagram*, iaccode.agent.diagrams)
    "There is no diagram: the template has {count} entries, more than the {limit} a diagram can show.": "Pas de diagramme : le modèle compte {count} entrées, plus que les {limit} qu'un diagramme peut montrer.",
    "There is no diagram: the template is not a mapping of sections.": "Pas de diagramme : le modèle n'est pas un mappage de sections.",
    "There is no diagram: the template has no resources.": "Pas de diagramme : le modèle n'a aucune ressource.",
    "There is no diagram: the template has {count} references, more than the {limit} a diagram can show.": "Pas de diagramme : le modèle compte {count} références, plus que les {limit} qu'un diagramme peut montrer.",
    "Architecture of the template: {count} resources": "Architecture du modèle : {count} ressources",
    "There is no diagram: the template could not be read.": "Pas de diagramme : le modèle n'a pas pu être lu.",
    "Outside any VPC": "Hors de tout VPC",
    "VPC {name}": "VPC {name}",
    "vSwitch {name}": "vSwitch {name}",
    "Not defined in this template": "Non défini dans ce modèle",
    "Parameter {name}": "Paramètre {name}",
    "Output {name}": "Sortie {name}",
    "{name} (not defined)": "{name} (non défini)",
    "Parameter": "Paramètre",
    "Output": "Sortie",
    "not defined": "non défini",
    "Parameters": "Paramètres",
    "Outputs": "Sorties",
    "The {key} of parameter {name} uses {function}, but ROS does not evaluate functions in Parameters.": "Le {key} du paramètre {name} utilise {function}, mais ROS n'évalue pas les fonctions dans Parameters.",
    "Write a literal value there, and compute derived values with the function where the parameter is used (Resources, Outputs or Locals).": "Écrivez-y une valeur littérale et calculez les valeurs dérivées avec la fonction là où le paramètre est utilisé (Resources, Outputs ou Locals).",
    "public IP": "IP publique",
    "all instances share one network setting, and the request keeps some private": "toutes les instances partagent un même réglage réseau, et la demande en garde certaines privées",
    "a port range is not built; name the ports to open": "une plage de ports n'est pas ouverte ; nommez les ports à ouvrir",
    "The application load balancer listens on 80 or 443 here, and the request asks for port(s) {ports}.": "L'équilibreur de charge d'application écoute ici sur 80 ou 443, et la demande veut le(s) port(s) {ports}.",
    "a node count is built for a Kubernetes cluster only": "un nombre de nœuds n'est appliqué qu'à un cluster Kubernetes",
    "Redis reachable from {source} only": "Redis accessible seulement depuis {source}",
    "the Redis block sets no whitelist; set it on the instance after creation": "la brique Redis ne définit pas de liste blanche ; réglez-la sur l'instance après sa création",
    "The Terraform's locals read each other more than {limit} times (local.{name} among them), which grows without bound; convert a smaller configuration.": "Les locals de la configuration Terraform se lisent les uns les autres plus de {limit} fois (dont local.{name}), ce qui croît sans limite ; convertissez une configuration plus petite.",
    "local.{name} is {size} characters long, more than the {limit} a converted template can carry.": "local.{name} fait {size} caractères, plus que les {limit} qu'un modèle converti peut contenir.",
    "indexes {address} by the key {key!r}, which is not a copy's number": "indexe {address} par la clé {key!r}, qui n'est pas le numéro d'une copie",
    "The root module and the local modules it calls have {count} files, more than {limit} (ROS accepts at most 50 Workspace files); remove unused files or raise the limit.": "Le module racine et les modules locaux qu'il appelle ont {count} fichiers, plus de {limit} (ROS accepte au plus 50 fichiers de Workspace) ; supprimez les fichiers inutilisés ou augmentez la limite.",
    "local.{name} grows to more than {limit} values as the locals read each other, more than a converted template can carry; convert a smaller configuration.": "local.{name} atteint plus de {limit} valeurs parce que les locals se lisent entre eux, plus qu'un modèle converti ne peut en porter ; convertissez une configuration plus petite.",
    "reads {address}, whose values are known only at deploy time": "lit {address}, dont les valeurs ne sont connues qu'au déploiement",
    "{address} asks for {count} copies; a ROS stack holds at most {limit} resources, so the configuration is not converted. Lower the count or split the configuration into several stacks.": "{address} demande {count} copies ; une pile ROS contient au plus {limit} ressources, la configuration n'est donc pas convertie. Réduisez le nombre ou répartissez la configuration sur plusieurs piles.",
    "{address} is sensitive, and ROS shows every output's value to whoever can read the stack, so the output was left out.": "{address} est sensible (sensitive), et ROS montre la valeur de chaque sortie à quiconque peut lire la pile ; la sortie a donc été omise.",
    "{address}: the dynamic block {name} was repeated over the default of {variable}, so a different value at deploy time is not followed.": "{address} : le bloc dynamique {name} a été répété sur la valeur par défaut de {variable} ; une autre valeur au déploiement n'est donc pas suivie.",
    "The module instances and resource copies add up to more than {limit} (reached at {address}); a ROS stack holds at most 300 resources, so the configuration is not converted. Lower the counts or split the configuration into several stacks.": "Les instances de module et les copies de ressources dépassent {limit} au total (atteint à {address}) ; une pile ROS contient au plus 300 ressources, la configuration n'est donc pas convertie. Réduisez les nombres ou répartissez la configuration sur plusieurs piles.",
    "{address}: its for_each is empty, so it was left out.": "{address} : son for_each est vide, il a donc été omis.",
    "its value is computed, and ROS needs it as JSON text": "sa valeur est calculée, et ROS la veut en texte JSON",
    "indexes a list of {size} items at {index}": "indexe une liste de {size} éléments à la position {index}",
    "{address}: {argument} = {expr}: one branch {reason}, which Terraform rejects when it is taken, so the template always uses the other one.": "{address} : {argument} = {expr} : une branche {reason}, ce que Terraform refuse quand elle est prise ; le modèle utilise donc toujours l'autre.",
    "calls cidrsubnet() on a value known only when the stack is created": "appelle cidrsubnet() sur une valeur connue seulement à la création de la pile",
    "calls cidrsubnet() on an IPv6 network, computed for IPv4 only": "appelle cidrsubnet() sur un réseau IPv6 ; seul IPv4 est calculé",
    "{address}: its type {expr} is known only at deploy time, so it became {ingress} and {egress}, each created only when the type has its direction.": "{address} : son type {expr} n'est connu qu'au déploiement, il est donc devenu {ingress} et {egress}, chacun créé seulement quand le type a sa direction.",
    "calls cidrsubnet() with arguments it cannot use": "appelle cidrsubnet() avec des arguments inutilisables",
    "calls cidrsubnet() with newbits or netnum not literal": "appelle cidrsubnet() avec newbits ou netnum non littéraux",
    "name_regex {pattern!r} is read as the exact name {name!r}; Terraform matched every name containing it": "name_regex {pattern!r} est lu comme le nom exact {name!r} ; Terraform trouvait tout nom qui le contient",
    "reads {attribute} of {source}, which {type} has no attribute for": "lit {attribute} de {source}, pour lequel {type} n'a pas d'attribut",
    "{argument} is not converted; the template reads the first item ROS lists": "{argument} n'est pas converti ; le modèle lit le premier élément que ROS renvoie",
    "{source} became the ROS data source {name} ({type}), read when the stack is created.": "{source} est devenu la source de données ROS {name} ({type}), lue à la création de la pile.",
    "{source}: {note}.": "{source} : {note}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out, {not_created} not created (count 0).": "{found} ressources Terraform : {native} converties nativement, {lossy} converties avec pertes, {dropped} omises, {not_created} non créées (count 0).",
    "another argument already gives {path} a value": "un autre argument donne déjà une valeur à {path}",
    "{address}: left out {arguments}, Terraform's own settings for how it applies changes (a dry run, a forced update or delete, the language of the API's answers); ROS has no such setting and creates the same resource without them.": "{address} : {arguments} omis, qui ne règlent que la façon dont Terraform applique les changements (un essai à blanc, une mise à jour ou une suppression forcée, la langue des réponses de l'API) ; ROS n'a pas un tel réglage et crée la même ressource sans eux.",
    "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but {tf_type} has no argument for {missing}, which {ros_type} needs: it is another resource": "les règles de l'éditeur associent {tf_type} à {ros_type}, le type que crée {other}, mais {tf_type} n'a pas d'argument pour {missing}, dont {ros_type} a besoin : c'est une autre ressource",
    "{type} takes {kind} for {name}": "{type} prend {kind} pour {name}",
    "{path} of {type} has no field for it": "{path} de {type} n'a pas de champ pour cela",
    "{address}: {arguments} placed by the ROS schema's property names (the vendor's rules leave them out).": "{address} : {arguments} placé d'après les noms de propriété du schéma ROS (les règles de l'éditeur l'omettent).",
    "reads a whole item of {source}, which {type} lists by id only": "lit un élément entier de {source}, que {type} ne donne que par son ID",
    "{address}: {key} not converted ({reason}); added parameter {name} for it, to be set when the stack is created.": "{address} : {key} non converti ({reason}) ; le paramètre {name} a été ajouté pour cela, à définir à la création de la pile.",
    "{expr} reads {source} at a computed index; parameter {name} stands for one chosen value, which every read gets.": "{expr} lit {source} à un indice calculé ; le paramètre {name} représente une seule valeur choisie, que reçoit chaque lecture.",
    "{type} takes only {choices} for {name}, not {value!r}": "{type} n'accepte que {choices} pour {name}, pas {value!r}",
    "{source} became parameter {name}, chosen when the stack is created from the region's zones; Terraform listed only those where {service} is sold.": "{source} est devenu le paramètre {name}, choisi à la création de la pile parmi les zones de la région ; Terraform ne listait que celles où {service} est vendu.",
    "divides by zero": "divise par zéro",
    "is text with a value known only at deploy time": "est un texte avec une valeur connue seulement au déploiement",
    "it is known only at deploy time, and ROS takes the number in it": "il n'est connu qu'au déploiement, et ROS prend le nombre qu'il contient",
    "it is not a license code of the form bhah_ent_<assets>_asset": "ce n'est pas un code de licence de la forme bhah_ent_<assets>_asset",
    "reads a data source": "lit une source de données",
    "reads {source}, which has count, not as its one copy [0]": "lit {source}, qui a un count, pas comme son unique copie [0]",
    "reads {source}, whose count is 0": "lit {source}, dont le count vaut 0",
    "reads {source}, whose count is not 1, 0 or a choice of them": "lit {source}, dont le count n'est ni 1, ni 0, ni un choix entre les deux",
    "{address}: {arguments} became {name} ({type}), a resource of its own, as the provider applies them with a call of their own.": "{address} : {arguments} est devenu {name} ({type}), une ressource à part, car le fournisseur l'applique par un appel à part.",
    "{type} would need one copy per item of {argument} in each copy of the resource, which ROS's Count cannot say": "{type} demanderait une copie par élément de {argument} dans chaque copie de la ressource, ce que le Count de ROS ne sait pas exprimer",
    "it repeats a block over copies known only at deploy time, which ROS cannot list here": "il répète un bloc sur des copies connues seulement au déploiement, ce que ROS ne sait pas lister ici",
    "ROS cannot compute the blocks from the parameter there": "ROS ne sait pas y calculer les blocs à partir du paramètre",
    "the dynamic block {name} was repeated over the default of {variable} ({reason}), so a different value at deploy time is not followed.": "le bloc dynamique {name} a été répété sur la valeur par défaut de {variable} ({reason}), donc une autre valeur au déploiement n'est pas suivie.",
    "reads a file whose path is only known at deploy time": "lit un fichier dont le chemin n'est connu qu'au déploiement",
    "The configuration reads {path}, which is not in the Workspace (missing, or not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.": "La configuration lit {path}, qui n'est pas dans le Workspace (absent, ou pas du texte UTF-8), donc Terraform ne peut pas le lire quand ROS déploie la pile.",
    "The path {path} names {file} from the root module's folder; with the root module at the top of the Workspace it no longer leads there, so Terraform fails to read it when ROS deploys the stack; copy the file into that folder.": "Le chemin {path} désigne {file} depuis le dossier du module racine ; avec le module racine en haut du Workspace, il n'y mène plus, donc Terraform ne peut pas le lire quand ROS déploie la pile ; copiez le fichier dans ce dossier.",
    "its path is only known at deploy time, when ROS cannot read a local file": "son chemin n'est connu qu'au déploiement, quand ROS ne peut pas lire un fichier local",
    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added for the same value.": "{address} : {argument} = {expr} {reason} ; il utilise le paramètre {name}, ajouté pour la même valeur.",
    "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not and Fn::Equals there, with the functions its reference lists inside them.": "Conditions ne peut pas utiliser {function} : ROS n'y évalue que Fn::And, Fn::Or, Fn::Not et Fn::Equals, avec à l'intérieur les fonctions que sa référence énumère.",
    "Compute the value in the property instead (Fn::If, Fn::Jq), or test the parameters with Fn::Equals.": "Calculez plutôt la valeur dans la propriété (Fn::If, Fn::Jq), ou testez les paramètres avec Fn::Equals.",
    "has a test that ROS cannot evaluate in its Conditions (a value of each copy, or a function of the stack's creation)": "a un test que ROS ne peut pas évaluer dans ses Conditions (une valeur de chaque copie ou une fonction de la création de la pile)",
    "the vendor's rules send it to {name}, which {path} of {type} does not have": "les règles de l'éditeur l'envoient vers {name}, que {path} de {type} n'a pas",
    "written blocks stand beside it": "des blocs écrits se trouvent à côté",
    "its test is no Condition ROS can evaluate": "son test n'est pas une Condition que ROS peut évaluer",
    "the dynamic block {name} was repeated over the default of {variable}, since its test {test} {reason}, so a different value at deploy time is not followed.": "le bloc dynamique {name} a été répété sur la valeur par défaut de {variable}, car son test {test} {reason} ; une autre valeur au déploiement n'est donc pas suivie.",
    "its {argument} names no resource this template creates, and ROS sets it on the instance only": "son {argument} ne désigne aucune ressource que ce modèle crée, et ROS ne le définit que sur l'instance",
    "makes copies, which ROS cannot write into one instance": "crée des copies, que ROS ne peut pas écrire dans une seule instance",
    "{address} became {properties} of {name}, as ROS sets it on the instance.": "{address} est devenu {properties} de {name}, car ROS le définit sur l'instance.",
    "{address}: where {argument} names another instance than {name} (an existing one), ROS cannot set this on it.": "{address} : lorsque {argument} désigne une autre instance que {name} (une instance existante), ROS ne peut pas y définir ceci.",
    "{argument} = {expr} {reason}": "{argument} = {expr} {reason}",
    "ROS requires {name}": "ROS exige {name}",
    "it names a copy of an instance with Count, which ROS sets as one": "il désigne une copie d'une instance avec Count, que ROS configure comme une seule",
    "it names {name} only where {name} is not created": "il ne désigne {name} que là où {name} n'est pas créé",
    "it does not set {fields}, which {name} of {type} needs": "il ne définit pas {fields}, dont {name} de {type} a besoin",
    "{address}: {arguments} not converted, as {name} already has a value there (its own, or another policy's); Terraform would change it once the instance exists.": "{address} : {arguments} non converti, car {name} a déjà une valeur à cet endroit (la sienne ou celle d'une autre politique) ; Terraform la modifierait une fois l'instance créée.",
}
