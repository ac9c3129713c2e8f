"""Spanish translations of the IaC texts: English template -> Spanish template."""

TEXTS: dict[str, str] = {
    "data disk category {category}": "categoría del disco de datos {category}",
    "system disk category {category}": "categoría del disco del sistema {category}",
    "performance level {level}": "nivel de rendimiento {level}",
    "the building blocks leave it at the category's default": "los bloques lo dejan en el valor predeterminado de la categoría",
    "the listeners keep the load balancer's default health check": "los listeners mantienen la comprobación de estado predeterminada del balanceador de carga",
    "versioning on the bucket": "control de versiones en el bucket",
    "objects deleted after {days} days": "objetos eliminados tras {days} días",
    "server-side encryption of the bucket (AES256)": "cifrado del lado del servidor del bucket (AES256)",
    "read-only access to the bucket for the RAM user": "acceso de solo lectura al bucket para el usuario RAM",
    "full access to the bucket for the RAM user": "acceso completo al bucket para el usuario RAM",
    "bucket access": "acceso al bucket",
    "access is granted to the template's OSS bucket only": "el acceso solo se concede al bucket OSS de la plantilla",
    "a lifecycle rule": "una regla de ciclo de vida",
    "it is built for an OSS bucket only": "solo se construye para un bucket OSS",
    "the days must be from 1 to 36500": "los días deben ir de 1 a 36500",
    "a RAM user": "un usuario RAM",
    "a RAM user with read-only access to the bucket": "un usuario RAM con acceso de solo lectura al bucket",
    "a RAM user with full access to the bucket": "un usuario RAM con acceso completo al bucket",
    "... {count} more ...": "... {count} más ...",
    "1 ECS instance": "1 instancia ECS",
    (
        "ALIYUN::Index is used in {where}, which is not a resource with Count, so it has no "
        "value there."
    ): (
        "ALIYUN::Index se usa en {where}, que no es un recurso con Count, por lo que ahí no "
        "tiene valor."
    ),
    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove Workspace.": (
        "Añada Transform: 'Aliyun::Terraform-v1.5' (o una versión de OpenTofu) o elimine Workspace."
    ),
    "Add Type: String (or Number, CommaDelimitedList, Json, Boolean).": (
        "Añada Type: String (o Number, CommaDelimitedList, Json, Boolean)."
    ),
    "Add Workspace mapping file paths such as main.tf to their Terraform source.": (
        "Añada Workspace, que asigna rutas de archivo como main.tf a su código fuente de Terraform."
    ),
    "Add a Value, for example a Ref or Fn::GetAtt of a resource.": (
        "Añada un Value, por ejemplo un Ref o un Fn::GetAtt de un recurso."
    ),
    "Add a condition named {name!r} under Conditions, or remove the reference.": (
        "Añada una condición llamada {name!r} en Conditions, o elimine la referencia."
    ),
    "Add a condition named {name!r} under Conditions, or use an existing one.": (
        "Añada una condición llamada {name!r} en Conditions, o use una existente."
    ),
    "Add a mapping named {name!r} under Mappings.": "Añada un mapeo llamado {name!r} en Mappings.",
    "Add a short Label such as 'VPC ID'.": "Añada un Label breve, como 'ID de VPC'.",
    "Add at least one Terraform file, such as main.tf.": (
        "Añada al menos un archivo de Terraform, como main.tf."
    ),
    (
        "Add at least one resource under Resources, or a Transform and Workspace for a Terraform "
        "template."
    ): (
        "Añada al menos un recurso en Resources o, para una plantilla de Terraform, Transform y "
        "Workspace."
    ),
    "Add {key!r} to the mapping {name!r}.": "Añada {key!r} al mapeo {name!r}.",
    "Add {key} under Properties, as a literal or a Ref to a parameter.": (
        "Añada {key} en Properties, como valor literal o como Ref a un parámetro."
    ),
    "Add {key} under Properties, ideally as a parameter so it fits the region.": (
        "Añada {key} en Properties, preferiblemente como parámetro para que se adapte a la región."
    ),
    "AllowedPattern must be a regular expression string, not {value}.": (
        "AllowedPattern debe ser una cadena con una expresión regular, no {value}."
    ),
    "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).": (
        "AllowedPattern {pattern!r} no es una expresión regular válida ({reason})."
    ),
    "AllowedValues must be a list, not {value}.": "AllowedValues debe ser una lista, no {value}.",
    "An extra file suffix is empty; give suffixes such as '.sh'.": (
        "Uno de los sufijos de archivo adicionales está vacío; indique sufijos como '.sh'."
    ),
    (
        "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or Fn::Sub "
        "reference between them."
    ): (
        "Rompa el ciclo eliminando una entrada de DependsOn o una referencia Ref, Fn::GetAtt o "
        "Fn::Sub entre ellos."
    ),
    "Cannot list {path}: {reason}.": "No se puede listar {path}: {reason}.",
    "Cannot read {path}: {reason}.": "No se puede leer {path}: {reason}.",
    "Change Default or the MinLength/MaxLength bounds so the default is allowed.": (
        "Cambie Default o los límites MinLength/MaxLength para que el valor predeterminado esté "
        "permitido."
    ),
    "Change Default or the MinValue/MaxValue bounds so the default is allowed.": (
        "Cambie Default o los límites MinValue/MaxValue para que el valor predeterminado esté "
        "permitido."
    ),
    "Change Default so the whole value matches the pattern, or relax the pattern.": (
        "Cambie Default para que todo el valor coincida con el patrón, o haga el patrón menos "
        "estricto."
    ),
    "Choose a CIDR block for {name} inside {ranges}.": (
        "Elija para {name} un bloque CIDR dentro de {ranges}."
    ),
    "Creates {listed} (iaccode building blocks).": (
        "Crea {listed} (bloques de construcción de iaccode)."
    ),
    "Creates {listed} in {region} (iaccode building blocks).": (
        "Crea {listed} en {region} (bloques de construcción de iaccode)."
    ),
    "Define the expression under Conditions and use its name here.": (
        "Defina la expresión en Conditions y use aquí su nombre."
    ),
    (
        "Define {name!r} as a parameter or resource, or write {escaped} for a literal '${{' in "
        "the output."
    ): (
        "Defina {name!r} como parámetro o recurso, o escriba {escaped} para obtener un '${{' "
        "literal en el resultado."
    ),
    "Define {name!r} under Parameters or Resources.": "Defina {name!r} en Parameters o Resources.",
    "DependsOn of resource {name} must be a resource name or a list of names, not {value}.": (
        "DependsOn del recurso {name} debe ser un nombre de recurso o una lista de nombres, no "
        "{value}."
    ),
    "Errors ({count}):": "Errores ({count}):",
    (
        "Fix the JSON syntax at the given line; keys need double quotes, members need commas "
        "between them and no trailing comma."
    ): (
        "Corrija la sintaxis JSON en la línea indicada: las claves van entre comillas dobles y "
        "los miembros se separan con comas, sin coma final."
    ),
    "Fix the JSON value; numbers longer than a few thousand digits are not accepted.": (
        "Corrija el valor JSON; no se aceptan números de más de unos pocos miles de dígitos."
    ),
    "Fix the pattern; remember to escape special characters such as '.' and '('.": (
        "Corrija el patrón; recuerde escapar los caracteres especiales, como '.' y '('."
    ),
    (
        "Fix the syntax at the given line; YAML needs consistent space indentation and 'key: "
        "value' pairs, and values with ': ' or '#' in them must be quoted."
    ): (
        "Corrija la sintaxis en la línea indicada: YAML requiere una sangría coherente con "
        "espacios y pares 'clave: valor', y los valores que contienen ': ' o '#' deben ir entre "
        "comillas."
    ),
    "Fix: {hint}": "Solución: {hint}",
    "Flatten the deeply nested part; real templates stay within a few dozen levels.": (
        "Reduzca el anidamiento de esa parte; las plantillas reales no pasan de unas pocas "
        "decenas de niveles."
    ),
    "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.": (
        "Fn::FindInMap hace referencia al mapeo {name!r}, que no está definido en Mappings."
    ),
    "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.": (
        "Fn::GetAtt necesita [recurso, atributo] o 'Recurso.Atributo', no {value}."
    ),
    "Fn::Sub needs a string or [string, variables], not {value}.": (
        "Fn::Sub necesita una cadena o [cadena, variables], no {value}."
    ),
    "Fn::Sub placeholder {placeholder}": "Fn::Sub (marcador {placeholder})",
    "Fn::Sub placeholder {placeholder} names nothing defined in this template.": (
        "El marcador {placeholder} de Fn::Sub no hace referencia a nada definido en esta plantilla."
    ),
    "Give each VSwitch of a VPC its own non-overlapping CIDR block.": (
        "Asigne a cada VSwitch de una VPC su propio bloque CIDR, sin solapamientos."
    ),
    "Give the file's Terraform source as a string (a YAML block with |).": (
        "Indique el código fuente de Terraform del archivo como cadena (un bloque YAML con |)."
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
        "Estoy funcionando con el motor sin conexión, que trabaja sin modelo ni acceso a la red.\n"
        "\n"
        "Lo que puedo hacer sin conexión:\n"
        "- Revisar una plantilla ROS de Alibaba Cloud: pégala en el mensaje (JSON o YAML, en un "
        "bloque de código o no) o nombra un archivo de plantilla de tu espacio de trabajo, y la "
        "compruebo con el esquema de cada tipo de recurso ROS: estructura, parámetros, "
        "referencias, funciones, dependencias, salidas, propiedades y sus valores.\n"
        "- Convertir Terraform a ROS: pega el HCL o nombra un directorio de tu espacio de trabajo; "
        "pide la forma compatible para conservar los archivos Terraform tal cual.\n"
        "- Crear plantillas a partir de bloques: VPC y vSwitches, grupos de seguridad, ECS, SLB y "
        "ALB, RDS, PolarDB, Redis, OSS, puerta de enlace NAT, escalado automático, Kubernetes "
        "(ACK), SLS y RAM, como ROS YAML, JSON o Terraform, por ejemplo "
        '"Cree una VPC con dos vSwitches."\n'
        "- Con credenciales de Alibaba Cloud: validar una plantilla con ROS, previsualizarla o "
        "calcular su precio, y crear, actualizar o eliminar pilas (cada cambio pide antes tu "
        "permiso).\n"
        "\n"
        "Todo lo demás (otros productos, explicaciones) necesita un modelo de lenguaje: inicia el "
        "servidor con `engine: llm` (un endpoint compatible con OpenAI, como DashScope/Qwen)."
    ),
    "I could not build that template: {error}": "No pude crear esa plantilla: {error}",
    "I could not convert the Terraform: {error}": (
        "No pude convertir el código de Terraform: {error}"
    ),
    "Make {low_key} less than or equal to {high_key}.": (
        "Haga que {low_key} sea menor o igual que {high_key}."
    ),
    "Move it under Properties if it is a property, or remove it.": (
        "Muévalo a Properties si es una propiedad, o elimínelo."
    ),
    "Name a resource defined under Resources.": "Indique un recurso definido en Resources.",
    "No Terraform files were given.": "No se proporcionó ningún archivo de Terraform.",
    "None of the resources could be converted to native ROS resources ({left_out}); {hint}.": (
        "No se pudo convertir ninguno de los recursos en recursos nativos de ROS ({left_out}); "
        "{hint}."
    ),
    "Notes ({count}):": "Notas ({count}):",
    (
        "Output {name} has no Label, which the iac-code style asks for so the console shows a "
        "readable name."
    ): (
        "La salida {name} no tiene Label, que el estilo de iac-code exige para que la consola "
        "muestre un nombre legible."
    ),
    "Output {name} has no Value.": "La salida {name} no tiene Value.",
    "Output {name} has the unknown key {key!r}.": (
        "La salida {name} tiene la clave desconocida {key!r}."
    ),
    "Output {name} must be a mapping with a Value, not {value}.": (
        "La salida {name} debe ser un mapeo con Value, no {value}."
    ),
    "Parameter {name} has no Type.": "El parámetro {name} no tiene Type.",
    "Parameter {name} has the unknown Type {value}.": (
        "El parámetro {name} tiene un Type desconocido: {value}."
    ),
    "Parameter {name} has the unknown attribute {key!r}.": (
        "El parámetro {name} tiene el atributo desconocido {key!r}."
    ),
    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no effect.": (
        "El parámetro {name} no se usa en ningún Ref ni Fn::Sub, por lo que su valor no tiene "
        "efecto."
    ),
    "Parameter {name} must be a mapping with a Type, not {value}.": (
        "El parámetro {name} debe ser un mapeo con Type, no {value}."
    ),
    "Pass a finite tree of at most 100 levels, as a parsed template is.": (
        "Pase un árbol finito de 100 niveles como máximo, como lo es una plantilla analizada."
    ),
    "Pass the template as a JSON or YAML string.": "Pase la plantilla como una cadena JSON o YAML.",
    "Quote it as '{version}' so every YAML reader sees a string.": (
        "Escríbalo entre comillas, '{version}', para que cualquier lector de YAML lo interprete "
        "como cadena."
    ),
    "Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'.": (
        "Ponga el patrón entre comillas, por ejemplo AllowedPattern: '^[a-z0-9-]+$'."
    ),
    "ROSTemplateFormatVersion is written as an unquoted YAML date.": (
        "ROSTemplateFormatVersion está escrito como una fecha YAML sin comillas."
    ),
    "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.": (
        "ROSTemplateFormatVersion es {value}, pero el único valor válido es {version}."
    ),
    "Ref must name a parameter, resource or pseudo parameter, not {value}.": (
        "Ref debe indicar un parámetro, un recurso o un pseudoparámetro, no {value}."
    ),
    "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo parameter.": (
        "Ref hace referencia a {name!r}, que no es un parámetro, un recurso, una variable local "
        "ni un pseudoparámetro."
    ),
    "Reference it with Ref {name} where it is needed, or remove it.": (
        "Haga referencia a él con Ref {name} donde se necesite, o elimínelo."
    ),
    "Remove it or move its content.": "Elimine esa clave o mueva su contenido.",
    "Remove it.": "Elimínelo.",
    "Remove it; outputs take Value, Description, Label and Condition.": (
        "Elimínela; las salidas admiten Value, Description, Label y Condition."
    ),
    "Remove or rename the duplicate key.": "Elimine la clave duplicada o cámbiele el nombre.",
    "Remove the recursive alias; a template must be a finite tree.": (
        "Elimine el alias recursivo; una plantilla debe ser un árbol finito."
    ),
    "Rename it, for example to {cleaned!r}, and update every reference to it.": (
        "Cámbiele el nombre, por ejemplo a {cleaned!r}, y actualice todas las referencias a él."
    ),
    "Rename one of them so every name is unique across the template.": (
        "Cambie el nombre de uno de ellos para que cada nombre sea único en toda la plantilla."
    ),
    (
        "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or "
        "Custom::, so ROS will not recognise it."
    ): (
        "El tipo de recurso {kind!r} no empieza por ALIYUN::, DATASOURCE::, MODULE:: ni "
        "Custom::, por lo que ROS no lo reconocerá."
    ),
    "Resource {name} ({kind}) has no {key}, which it needs in practice.": (
        "El recurso {name} ({kind}) no tiene {key}, que en la práctica necesita."
    ),
    "Resource {name} ({kind}) is missing the required property {key}.": (
        "Al recurso {name} ({kind}) le falta la propiedad obligatoria {key}."
    ),
    "Resource {name} depends on {value}, which is not a resource in this template.": (
        "El recurso {name} depende de {value}, que no es un recurso de esta plantilla."
    ),
    "Resource {name} has no Type.": "El recurso {name} no tiene Type.",
    "Resource {name} has the unknown attribute {key!r}.": (
        "El recurso {name} tiene el atributo desconocido {key!r}."
    ),
    "Resource {name} must be a mapping with a Type, not {value}.": (
        "El recurso {name} debe ser un mapeo con Type, no {value}."
    ),
    "Resource {resource} of type {kind} has no attribute {attribute!r}.": (
        "El recurso {resource} de tipo {kind} no tiene el atributo {attribute!r}."
    ),
    "Set Default to a number, or change Type to String.": (
        "Asigne a Default un número o cambie Type a String."
    ),
    "Set Default to true or false.": "Asigne a Default el valor true o false.",
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.": (
        "Escriba ROSTemplateFormatVersion: '{version}' al principio de la plantilla."
    ),
    "Set Type to a ROS resource type such as ALIYUN::ECS::VPC.": (
        "Asigne a Type un tipo de recurso de ROS, como ALIYUN::ECS::VPC."
    ),
    "Set {key} to a non-negative integer such as 8.": (
        "Asigne a {key} un entero no negativo, como 8."
    ),
    "Set {key} to a number such as 1.": "Asigne a {key} un número, como 1.",
    ("Split the template into nested stacks or modules, or move large scripts out of UserData."): (
        "Divida la plantilla en pilas anidadas o módulos, o saque los scripts grandes de UserData."
    ),
    "Split the template into smaller nested stacks or modules.": (
        "Divida la plantilla en pilas anidadas o módulos más pequeños."
    ),
    (
        "Start the template with ROSTemplateFormatVersion: '{version}' followed by sections such "
        "as Parameters and Resources."
    ): (
        "Empiece la plantilla con ROSTemplateFormatVersion: '{version}', seguido de secciones "
        "como Parameters y Resources."
    ),
    "Template check failed with {counted}; fix the errors before deploying.": (
        "La plantilla no superó la comprobación ({counted}); corrija los errores antes de "
        "desplegarla."
    ),
    "Template check passed with no errors, warnings or notes.": (
        "La plantilla superó la comprobación sin errores, advertencias ni notas."
    ),
    "Template check passed with {counted} and no errors or warnings.": (
        "La plantilla superó la comprobación con {counted} y sin errores ni advertencias."
    ),
    "Template check passed with {counted}; review the warnings before deploying.": (
        "La plantilla superó la comprobación con {counted}; revise las advertencias antes de "
        "desplegarla."
    ),
    "The CIDR block {cidr!r} of resource {name} {problem}.": (
        "El bloque CIDR {cidr!r} del recurso {name} {problem}."
    ),
    "The Default of Boolean parameter {name} is {value}, not true or false.": (
        "El Default del parámetro Boolean {name} es {value}, no true ni false."
    ),
    "The Default of Number parameter {name} is {value}, not a number.": (
        "El Default del parámetro Number {name} es {value}, que no es un número."
    ),
    "The Default of parameter {name} is {length} characters long, outside {range}.": (
        "El Default del parámetro {name} tiene {length} caracteres, fuera de {range}."
    ),
    "The Default {default!r} of parameter {name} does not match AllowedPattern {pattern!r}.": (
        "El Default {default!r} del parámetro {name} no coincide con AllowedPattern {pattern!r}."
    ),
    "The Default {number:g} of parameter {name} is outside {range}.": (
        "El Default {number:g} del parámetro {name} está fuera de {range}."
    ),
    "The Default {value} of parameter {name} is not one of AllowedValues.": (
        "El Default {value} del parámetro {name} no figura en AllowedValues."
    ),
    "The Properties of resource {name} must be a mapping, not {value}.": (
        "Properties del recurso {name} debe ser un mapeo, no {value}."
    ),
    "The Resources section is empty.": "La sección Resources está vacía.",
    (
        "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS "
        "template body has to stay small, so remove large files or raise the limit."
    ): (
        "Los archivos de Terraform suman más de {limit} bytes (límite alcanzado en {path}); el "
        "cuerpo de una plantilla de ROS debe ser pequeño, así que elimine los archivos grandes o "
        "aumente el límite."
    ),
    "The Terraform is converted to native ROS resources.": (
        "El código de Terraform se ha convertido en recursos nativos de ROS."
    ),
    "The Terraform is wrapped unchanged in a ROS Terraform template.": (
        "El código de Terraform se ha encapsulado sin cambios en una plantilla de Terraform de ROS."
    ),
    "The Type of resource {name} must be a string, not {value}.": (
        "El Type del recurso {name} debe ser una cadena, no {value}."
    ),
    "The Workspace file {name!r} must have text content, not {value}.": (
        "El archivo {name!r} de Workspace debe tener contenido de texto, no {value}."
    ),
    "The Workspace has no .tf file, so there is no Terraform configuration to run.": (
        "Workspace no contiene ningún archivo .tf, por lo que no hay ninguna configuración de "
        "Terraform que ejecutar."
    ),
    (
        "The Workspace path {name!r} {problem}; paths must be relative and stay inside the "
        "workspace."
    ): (
        "La ruta de Workspace {name!r} {problem}; las rutas deben ser relativas y no salir del "
        "espacio de trabajo."
    ),
    "The condition name {name!r} contains {chars}, which condition names cannot contain.": (
        "El nombre de condición {name!r} contiene {chars}, que no se admite en los nombres de "
        "condición."
    ),
    "The condition of {where} must be the name of a condition, not {value}.": (
        "La condición indicada en {where} debe ser el nombre de una condición, no {value}."
    ),
    "The condition {name!r} used by {where} is not defined in Conditions.": (
        "La condición {name!r} que usa {where} no está definida en Conditions."
    ),
    (
        "The directory has more than {limit} Terraform files (ROS accepts at most 50 Workspace "
        "files); remove unused files or raise the limit."
    ): (
        "El directorio tiene más de {limit} archivos de Terraform (ROS admite como máximo 50 "
        "archivos en Workspace); elimine los archivos que no use o aumente el límite."
    ),
    "The document contains itself or nests too deeply, so checking skipped that part.": (
        "El documento se contiene a sí mismo o tiene demasiados niveles de anidamiento, por lo "
        "que la comprobación omitió esa parte."
    ),
    ("The key {key!r} appears more than once in this mapping, so only its last value is used."): (
        "La clave {key!r} aparece más de una vez en este mapeo, por lo que solo se usa su último "
        "valor."
    ),
    "The key {key!r} appears more than once in this object, so only its last value is used.": (
        "La clave {key!r} aparece más de una vez en este objeto, por lo que solo se usa su "
        "último valor."
    ),
    "The local name {name!r} contains {chars}, which local names cannot contain.": (
        "El nombre de variable local {name!r} contiene {chars}, que no se admite en los nombres "
        "de variables locales."
    ),
    "The mapping {name!r} has no second-level key {key!r}.": (
        "El mapeo {name!r} no tiene la clave de segundo nivel {key!r}."
    ),
    "The mapping {name!r} has no top-level key {key!r}.": (
        "El mapeo {name!r} no tiene la clave de primer nivel {key!r}."
    ),
    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.": (
        "El nombre {name!r} está definido a la vez en {sections}, por lo que un Ref a él es "
        "ambiguo."
    ),
    "The parameter name {name!r} contains {chars}, which parameter names cannot contain.": (
        "El nombre de parámetro {name!r} contiene {chars}, que no se admite en los nombres de "
        "parámetro."
    ),
    "The resource name {name!r} contains {chars}, which resource names cannot contain.": (
        "El nombre de recurso {name!r} contiene {chars}, que no se admite en los nombres de "
        "recurso."
    ),
    "The template body must be text, not {kind}.": (
        "El cuerpo de la plantilla debe ser texto, no {kind}."
    ),
    "The template contains a YAML alias that refers to itself.": (
        "La plantilla contiene un alias YAML que hace referencia a sí mismo."
    ),
    "The template defines no resources.": "La plantilla no define ningún recurso.",
    (
        "The template expands to more than {limit} values, usually through YAML aliases that "
        "repeat large anchors."
    ): (
        "La plantilla se expande a más de {limit} valores, normalmente por alias YAML que "
        "repiten anclas grandes."
    ),
    "The template has a Terraform Transform but no Workspace with Terraform files.": (
        "La plantilla tiene un Transform de Terraform, pero ningún Workspace con archivos de "
        "Terraform."
    ),
    (
        "The template has more than {limit} values, so checking stopped early and some problems "
        "may be unreported."
    ): (
        "La plantilla tiene más de {limit} valores, por lo que la comprobación se detuvo antes "
        "de tiempo y puede que algunos problemas no se hayan notificado."
    ),
    "The template has no ROSTemplateFormatVersion.": (
        "La plantilla no tiene ROSTemplateFormatVersion."
    ),
    "The template is attached as {filename}.": "La plantilla se adjunta como {filename}.",
    ("The template is attached as {filename}; fill in the parameters when you create the stack."): (
        "La plantilla se adjunta como {filename}; complete los parámetros al crear la pila."
    ),
    "The template is empty.": "La plantilla está vacía.",
    "The template is larger than the limit of {limit} bytes (2 MiB).": (
        "La plantilla supera el límite de {limit} bytes (2 MiB)."
    ),
    "The template is not valid JSON or YAML: {detail}.": (
        "La plantilla no es JSON ni YAML válido: {detail}."
    ),
    "The template looks like JSON but is not valid JSON: {detail}.": (
        "La plantilla parece JSON, pero no es JSON válido: {detail}."
    ),
    "The template must be a mapping of sections, not {kind}.": (
        "La plantilla debe ser un mapeo de secciones, no {kind}."
    ),
    "The template nests values more than {limit} levels deep.": (
        "La plantilla anida valores a más de {limit} niveles de profundidad."
    ),
    "The {section} section must be a mapping, not {value}.": (
        "La sección {section} debe ser un mapeo, no {value}."
    ),
    "There is no .tf file at the top of the workspace (root module).": (
        "No hay ningún archivo .tf en el nivel superior del espacio de trabajo (módulo raíz)."
    ),
    "There is no .tf file, so there is no Terraform configuration.": (
        "No hay ningún archivo .tf, por lo que no hay configuración de Terraform."
    ),
    (
        "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
        "'Aliyun::Terraform-v1.x' (for example v1.5)."
    ): (
        "Transform {transform!r} no es un motor de Terraform de ROS; use {default!r} o "
        "'Aliyun::Terraform-v1.x' (por ejemplo, v1.5)."
    ),
    "Use ALIYUN::Index only inside the Properties of a resource that sets Count.": (
        "Use ALIYUN::Index solo dentro de Properties de un recurso que defina Count."
    ),
    "Use Ref {name} for a parameter or local, since {how} needs a resource.": (
        "Use Ref {name} para un parámetro o una variable local, ya que {how} necesita un recurso."
    ),
    "Use a relative path such as main.tf or modules/vpc/main.tf.": (
        "Use una ruta relativa, como main.tf o modules/vpc/main.tf."
    ),
    "Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance.": (
        "Use un tipo de Alibaba Cloud ROS, como ALIYUN::ECS::Instance."
    ),
    "Use one of the ROS intrinsic functions, such as Fn::Join.": (
        "Use una de las funciones intrínsecas de ROS, como Fn::Join."
    ),
    "Use one of the allowed values ({choices}) or add the default to AllowedValues.": (
        "Use uno de los valores permitidos ({choices}) o añada el valor predeterminado a "
        "AllowedValues."
    ),
    "Use one of the attributes of {kind}: {listing}.": (
        "Use uno de los atributos de {kind}: {listing}."
    ),
    "Use one of: {choices}.": "Use uno de estos valores: {choices}.",
    "Use {match!r} if that is what you meant, or {otherwise}": (
        "Use {match!r} si es lo que quería indicar, o {otherwise}"
    ),
    "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} ({ranges}).": (
        "El VSwitch {name} usa {network}, que está fuera del rango de la VPC {vpc} ({ranges})."
    ),
    (
        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch {other} in the "
        "same VPC."
    ): (
        "El VSwitch {name} usa {network}, que se solapa con {other_network} del VSwitch {other} "
        "en la misma VPC."
    ),
    "Warnings ({count}):": "Advertencias ({count}):",
    "Workspace is set, but without a Terraform Transform ROS ignores it.": (
        "Workspace está definido, pero ROS lo ignora si no hay un Transform de Terraform."
    ),
    "Workspace path {path!r} must be a string.": (
        "La ruta de Workspace {path!r} debe ser una cadena."
    ),
    "Workspace path {path!r} {problem}.": "La ruta de Workspace {path!r} {problem}.",
    "Write AllowedValues as a list, for example [small, large].": (
        "Escriba AllowedValues como una lista, por ejemplo [small, large]."
    ),
    "Write DependsOn as a name or a list of resource names.": (
        "Escriba DependsOn como un nombre o una lista de nombres de recursos."
    ),
    "Write Properties as a mapping of property names to values.": (
        "Escriba Properties como un mapeo de nombres de propiedad a valores."
    ),
    "Write an IPv4 network with its prefix length, such as 192.168.0.0/16.": (
        "Escriba una red IPv4 con su longitud de prefijo, como 192.168.0.0/16."
    ),
    "Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId.": (
        "Escríbalo como Fn::GetAtt: [MyVpc, VpcId] o, en YAML, !GetAtt MyVpc.VpcId."
    ),
    "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', {{Var: value}}].": (
        "Escríbalo como Fn::Sub: 'texto ${{Name}}' o Fn::Sub: ['texto ${{Var}}', {{Var: valor}}]."
    ),
    "Write the name as a plain string, for example Ref: VpcId.": (
        "Escriba el nombre como una cadena simple, por ejemplo Ref: VpcId."
    ),
    "Write the output as a mapping with Value, Description and Label.": (
        "Escriba la salida como un mapeo con Value, Description y Label."
    ),
    "Write the parameter as a mapping, for example {{Type: String}}.": (
        "Escriba el parámetro como un mapeo, por ejemplo {{Type: String}}."
    ),
    "Write the repeated parts out or use fewer aliases; templates rarely need them.": (
        "Escriba las partes repetidas de forma explícita o use menos alias; las plantillas rara "
        "vez los necesitan."
    ),
    "Write the resource as a mapping with Type and Properties keys.": (
        "Escriba el recurso como un mapeo con las claves Type y Properties."
    ),
    "Write {section} as a mapping of names to definitions.": (
        "Escriba {section} como un mapeo de nombres a definiciones."
    ),
    "Write {section} as a single string.": "Escriba {section} como una única cadena.",
    "a VPC ({cidr}) with 1 vSwitch": "una VPC ({cidr}) con 1 vSwitch",
    "a VPC ({cidr}) with {count} vSwitches": "una VPC ({cidr}) con {count} vSwitches",
    "a load balancer": "un balanceador de carga",
    "a security group": "un grupo de seguridad",
    "an OSS bucket": "un bucket de OSS",
    "an RDS {engine} {version} instance": "una instancia RDS {engine} {version}",
    "condition {name}": "la condición {name}",
    "contains '..'": "contiene '..'",
    "contains a backslash; use '/' between folders": (
        "contiene una barra invertida; use '/' entre carpetas"
    ),
    "has a name longer than {limit} characters": "tiene un nombre de más de {limit} caracteres",
    "has an empty, '.' or '..' segment": "tiene un segmento vacío, '.' o '..'",
    "has host bits set (the network is {network})": (
        "tiene bits de host activados (la red es {network})"
    ),
    "has no prefix length": "no tiene longitud de prefijo",
    "indexes {address}, which has no count": "indexa {address}, que no tiene count",
    "is absolute": "es absoluta",
    "is empty": "está vacía",
    "is longer than {limit} characters": "tiene más de {limit} caracteres",
    "is not an IPv4 network": "no es una red IPv4",
    "is part of a reference cycle": "forma parte de un ciclo de referencias",
    "is used outside a resource with count": "se usa fuera de un recurso con count",
    "line {line}": "línea {line}",
    "line {line}, column {column}": "línea {line}, columna {column}",
    "output {name}": "la salida {name}",
    "reads a nested or whole-object value of a resource": (
        "lee un valor anidado o un objeto completo de un recurso"
    ),
    "reads an output of module {module}, which is not converted": (
        "lee una salida del módulo {module}, que no se convierte"
    ),
    (
        "reads {attribute} of {source}; the parameter standing for it holds only the chosen id"
    ): "lee {attribute} de {source}; el parámetro que lo representa solo contiene el ID elegido",
    "reads the data source {source}, which ROS cannot see": (
        "lee el origen de datos {source}, que ROS no puede ver"
    ),
    "reads {address}, which is not declared in these files": (
        "lee {address}, que no está declarado en estos archivos"
    ),
    "reads {address}, which was not converted": "lee {address}, que no se convirtió",
    "reads {attribute} of {address}, which has no ROS attribute": (
        "lee {attribute} de {address}, que no tiene un atributo equivalente en ROS"
    ),
    "reads {attribute} of {address}, which it does not set: Terraform gives the provider's default or the computed value there, which ROS has no attribute for": (
        "lee {attribute} de {address}, que el recurso no establece: Terraform da ahí el valor predeterminado del proveedor o el valor calculado, para el que ROS no tiene atributo"
    ),
    "reads {attribute} of {address}, which differs per copy, and the copy or the number of copies is known only at deploy time": (
        "lee {attribute} de {address}, que difiere en cada copia, y la copia o el número de copias solo se conoce al desplegar"
    ),
    "{address}: {attribute} is read back as its blocks were given; Terraform's value also has the fields the provider fills in, which this one lacks.": (
        "{address}: {attribute} se lee tal como se dieron sus bloques; el valor de Terraform también tiene los campos que completa el proveedor, que aquí faltan."
    ),
    "reads {local}, which is not declared": "lee {local}, que no está declarado",
    "reads {local}, which refers to itself": "lee {local}, que hace referencia a sí mismo",
    "resource {name}": "el recurso {name}",
    "template": "plantilla",
    "the file ends in the middle of a block or expression": (
        "el archivo termina en mitad de un bloque o una expresión"
    ),
    "the range set by {bounds}": "los límites fijados por {bounds}",
    "there are no resources": "no hay recursos",
    "unexpected character {char!r}": "carácter inesperado {char!r}",
    "unexpected {token!r}": "{token!r} inesperado",
    ("use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged"): (
        "use el encapsulado compatible (wrap_terraform), que despliega los archivos de Terraform "
        "sin cambios"
    ),
    "uses a %{{...}} template directive": "usa una directiva de plantilla %{{...}}",
    "uses a splat on a variable or local": "usa un splat sobre una variable o un valor local",
    "uses {root}, which has no ROS equivalent": "usa {root}, que no tiene equivalente en ROS",
    "{addresses}: {what}, so it was left out; to deploy it, {hint}.": (
        "{addresses}: {what}, por lo que se omitió; para desplegarlo, {hint}."
    ),
    "{address} is declared twice, in {earlier} and {path}; Terraform rejects this too.": (
        "{address} está declarado dos veces, en {earlier} y en {path}; Terraform también lo "
        "rechaza."
    ),
    "{address}: depends_on {item!r} names nothing converted, so it was dropped.": (
        "{address}: depends_on {item!r} no hace referencia a nada convertido, por lo que se "
        "descartó."
    ),
    (
        "{address}: sets nothing that maps to {key}, which {kind} needs; added parameter {name} "
        "for it, to be set when the stack is created."
    ): (
        "{address}: no define nada que corresponda a {key}, que {kind} necesita; se añadió el "
        "parámetro {name} para indicarlo al crear la pila."
    ),
    "{address}: value {expr} {reason}, so the output was left out.": (
        "{address}: el valor {expr} {reason}, por lo que se omitió la salida."
    ),
    (
        "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be set when "
        "the stack is created."
    ): (
        "{address}: {argument} = {expr} {reason}; se añadió el parámetro {name} para indicarlo "
        "al crear la pila."
    ),
    "{address}: {note}.": "{address}: {note}.",
    "{count} ECS instances": "{count} instancias ECS",
    (
        "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order their "
        "creation."
    ): (
        "{count} entradas dependen unas de otras en un ciclo ({chain}), por lo que ROS no puede "
        "ordenar su creación."
    ),
    "{count} error": "{count} error",
    "{count} errors": "{count} errores",
    "{count} note": "{count} nota",
    "{count} notes": "{count} notas",
    "{count} warning": "{count} advertencia",
    "{count} warnings": "{count} advertencias",
    "{directory} is not a directory with Terraform files.": (
        "{directory} no es un directorio con archivos de Terraform."
    ),
    "{first} and {second}": "{first} y {second}",
    "{first} or {second}": "{first} o {second}",
    "{first}, {second}": "{first}, {second}",
    "{function} is not a ROS function.": "{function} no es una función de ROS.",
    "{how} refers to {value}, which is not a resource in this template.": (
        "{how} hace referencia a {value}, que no es un recurso de esta plantilla."
    ),
    "{key!r} is not a ROS template section.": "{key!r} no es una sección de plantilla de ROS.",
    "{key} is {value}, not one of {choices}; converted as {default}": (
        "{key} es {value}, que no es ninguno de estos valores: {choices}; se convirtió como "
        "{default}"
    ),
    "{key} must be a number, not {value}.": "{key} debe ser un número, no {value}.",
    "{key} must be a whole number of characters, not {value}.": (
        "{key} debe ser un número entero de caracteres, no {value}."
    ),
    "{key} of resource {name} is {value!r}, which is not among the values the ROS schema lists for {kind}; that list is known to be wrong here.": (
        "{key} del recurso {name} es {value!r}, que no está entre los valores que el esquema de ROS indica para {kind}; se sabe que esa lista es incorrecta aquí."
    ),
    "Check the value against the {kind} documentation.": "Compruebe el valor en la documentación de {kind}.",
    "{key} of resource {name} is {value!r}, which {kind} does not accept.": (
        "{key} del recurso {name} es {value!r}, un valor que {kind} no admite."
    ),
    "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is allowed.": (
        "{low_key} ({low:g}) es mayor que {high_key} ({high:g}), por lo que no se permite ningún "
        "valor."
    ),
    "{name} (local)": "{name} (local)",
    "{name} depends on itself ({chain}), so it can never be created.": (
        "{name} depende de sí mismo ({chain}), por lo que nunca se podrá crear."
    ),
    "{path} is a symlink to a missing file.": (
        "{path} es un enlace simbólico a un archivo que no existe."
    ),
    (
        "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace files must be "
        "UTF-8."
    ): (
        "{path} no es texto UTF-8 (byte no válido en la posición {offset}); los archivos de "
        "Workspace de ROS deben estar en UTF-8."
    ),
    "{path} must be text, not {kind}.": "{path} debe ser texto, no {kind}.",
    "{path}, line {line}": "{path}, línea {line}",
    "{path}, line {line}, column {column}": "{path}, línea {line}, columna {column}",
    "{section} must be a string, not {value}.": "{section} debe ser una cadena, no {value}.",
    "{type} has no native ROS mapping here": "{type} no tiene aquí un equivalente nativo en ROS",
    "{variable} is used but not declared; added it as a String parameter.": (
        "{variable} se usa, pero no está declarada; se añadió como parámetro String."
    ),
    "{where}: not valid HCL ({what}).": "{where}: HCL no válido ({what}).",
    "calls {function}() with arguments it cannot use": "llama a {function}() con argumentos que no puede usar",
    "calls {function}(), which has no ROS equivalent here": "llama a {function}(), que aquí no tiene equivalente en ROS",
    "has a condition that is not true or false": "tiene una condición que no es true ni false",
    "has an object key that is not known in advance": "tiene una clave de objeto que no se conoce de antemano",
    "is a comparison that is only known at deploy time": "es una comparación que solo se conoce al desplegar",
    "is a for expression over a value known only at deploy time": "es una expresión for sobre un valor que solo se conoce al desplegar",
    "is a for expression whose filter is known only at deploy time": "es una expresión for cuyo filtro solo se conoce al desplegar",
    "is an expression this converter does not read": "es una expresión que este conversor no lee",
    "it is given {count} times, and ROS takes one": "se indica {count} veces y ROS admite uno",
    "its count is 0": "su count es 0",
    "its for_each is not a list, set or map known before deployment": "su for_each no es una lista, un conjunto ni un mapa conocido antes del despliegue",
    "its for_each {reason}": "su for_each {reason}",
    "its source {source!r} has no .tf files in the workspace": "su origen {source!r} no tiene archivos .tf en el espacio de trabajo",
    "its source {source!r} is not a local module, and its code is not guessed": "su origen {source!r} no es un módulo local y su código no se adivina",
    "its source {source!r} lies outside the workspace": "su origen {source!r} está fuera del espacio de trabajo",
    "its character set is not known in the files, or it has fewer characters than character classes (ROS puts each class in at least once)": "su conjunto de caracteres no se conoce en los archivos, o tiene menos caracteres que clases de caracteres (ROS pone cada clase al menos una vez)",
    "its min and max are not literal whole numbers from 0 up": "su min y max no son números enteros literales desde 0",
    "keepers not converted (ROS keeps the value for the stack's life)": "keepers no se convierte (ROS conserva el valor durante toda la vida de la pila)",
    "the password is an attribute of the stack (ALIYUN::RandomString), which Terraform marks sensitive": "la contraseña es un atributo de la pila (ALIYUN::RandomString), que Terraform marca como sensible",
    "{address} became {name}, the UUID ROS gives each stack.": "{address} se convirtió en {name}, el UUID que ROS da a cada pila.",
    "{name} is known only at deploy time; converted as true": "{name} solo se conoce al desplegar; se convierte como true",
    "The folders a conversion reads hold more than {limit} entries; convert a smaller folder.": "Las carpetas que lee una conversión contienen más de {limit} entradas; convierta una carpeta más pequeña.",
    "The module folder {path} is a symlink to a place outside the workspace, which is not followed.": "La carpeta de módulo {path} es un enlace simbólico a un lugar fuera del espacio de trabajo, que no se sigue.",
    "The root module {root} is at the top of the Workspace, as ROS runs it; the {count} other files it needs are under {outside}/ with their workspace paths, and the module sources naming them were rewritten to match.": "El módulo raíz {root} está en la parte superior del Workspace, como lo ejecuta ROS; los otros {count} archivos que necesita están bajo {outside}/ con sus rutas del espacio de trabajo, y las fuentes de módulo que los nombran se reescribieron en consecuencia.",
    "The workspace has more than {limit} Terraform files where a conversion looks; convert a smaller folder.": "El espacio de trabajo tiene más de {limit} archivos Terraform donde mira una conversión; convierta una carpeta más pequeña.",
    "There is no .tf file in the root module folder {root}.": "No hay ningún archivo .tf en la carpeta del módulo raíz {root}.",
    "{path} is a symlink to a place outside the Terraform directory, which is not followed; copy the file into the directory instead.": "{path} es un enlace simbólico a un lugar fuera del directorio de Terraform, que no se sigue; copie el archivo en el directorio en su lugar.",
    "{path} is a symlink to a place outside the workspace, which is not followed; copy the file into the workspace instead.": "{path} es un enlace simbólico a un lugar fuera del espacio de trabajo, que no se sigue; copie el archivo en el espacio de trabajo en su lugar.",
    "{path} is not a folder with .tf files (a root module).": "{path} no es una carpeta con archivos .tf (un módulo raíz).",
    '{path}: the source of module {name} could not be rewritten for the Workspace (write it as source = "..." on a line of its own), so the root module cannot be moved to the top of the Workspace.': '{path}: no se pudo reescribir la fuente del módulo {name} para el Workspace (escríbala como source = "..." en una línea propia), así que el módulo raíz no puede moverse a la parte superior del Workspace.',
    "its value is computed JSON text, which ROS needs as an object": "su valor es texto JSON calculado, que ROS necesita como objeto",
    "its value is computed, so its nested arguments cannot be mapped": "su valor se calcula, así que sus argumentos anidados no se pueden asignar",
    "its value is not JSON text": "su valor no es texto JSON",
    "it has {count} items, and ROS takes {wanted}": "tiene {count} elementos, y ROS admite {wanted}",
    "it is {value!r}, not one of {choices}": "es {value!r}, no uno de {choices}",
    "its JSON text nests too deeply to read": "su texto JSON está anidado demasiado hondo para leerlo",
    "its value is not a map, which this rule needs": "su valor no es un mapa, que esta regla necesita",
    "reads a whole resource, which has no ROS value": "lee un recurso entero, que no tiene valor en ROS",
    "sorter_type {kind!r} has no ROS form": "sorter_type {kind!r} no tiene forma en ROS",
    "the mapping rules do not know it": "las reglas de asignación no lo conocen",
    "the vendor's rule for it cannot be followed ({why})": "la regla del proveedor para ello no se puede seguir ({why})",
    "{address} calls the module {source!r} within itself.": "{address} llama al módulo {source!r} dentro de sí mismo.",
    "{address} nests modules more than {limit} deep, which is not converted.": "{address} anida módulos a más de {limit} niveles de profundidad, lo que no se convierte.",
    "{address}: for_each over {variable} was unrolled over its default, so a different value at deploy time is not followed.": "{address}: el for_each sobre {variable} se desplegó con su valor predeterminado, así que un valor distinto al desplegar no se tiene en cuenta.",
    "{address}: the dynamic block {name} was not converted ({reason}).": "{address}: el bloque dynamic {name} no se convirtió ({reason}).",
    "{address}: {arguments} not converted ({reason}), so the ROS resource uses its defaults there.": "{address}: {arguments} no se convirtió ({reason}), así que el recurso de ROS usa ahí sus valores predeterminados.",
    "{address}: {note}": "{address}: {note}",
    "{address}: {what}, so it was left out.": "{address}: {what}, así que se omitió.",
    "{address}: {why}, so it was left out; {hint}.": "{address}: {why}, así que se omitió; {hint}.",
    "{address}: {why}, so its resources were left out; {hint}.": "{address}: {why}, así que se omitieron sus recursos; {hint}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out.": "{found} recursos de Terraform: {native} convertidos de forma nativa, {lossy} convertidos con pérdidas, {dropped} omitidos.",
    "{path}: module {name} has the remote source {source!r}, which is not in the Workspace; ROS must download it when it deploys the stack.": "{path}: el módulo {name} tiene el origen remoto {source!r}, que no está en el Workspace; ROS debe descargarlo al desplegar la pila.",
    "{path}: module {name} has the source {source!r}, which is not in the Workspace, so the stack fails when Terraform initialises; wrap the directory that contains the module instead.": "{path}: el módulo {name} tiene el origen {source!r}, que no está en el Workspace, así que la pila falla cuando Terraform se inicializa; empaquete en su lugar el directorio que contiene el módulo.",
    "{source} became parameter {name}, chosen when the stack is created.": "{source} pasó a ser el parámetro {name}, que se elige al crear la pila.",
    "{type} has no property for it": "{type} no tiene ninguna propiedad para ello",
    "{type} has no property {name}": "{type} no tiene la propiedad {name}",
    "{variable}: the validation {condition} has no ROS parameter constraint, so ROS does not check it when the stack is created.": "{variable}: la validación {condition} no tiene restricción de parámetro en ROS, así que ROS no la comprueba al crear la pila.",
    "the vendor's rules leave it out, though {type} has a property {name}": "las reglas del proveedor lo omiten, aunque {type} tiene una propiedad {name}",
    "the vendor's rules say ROS has no property for it": "según las reglas del proveedor, ROS no tiene ninguna propiedad para ello",
    "The Terraform nests values or expressions too deeply to convert.": "El Terraform anida valores o expresiones a demasiada profundidad para convertirlo.",
    "its for_each has {count} items, more than {limit}": "su for_each tiene {count} elementos, más de {limit}",
    "passes template variables that are not known in advance": "pasa variables de plantilla que no se conocen de antemano",
    "reads a file that is not in the Terraform files it was given": "lee un archivo que no está entre los archivos de Terraform recibidos",
    "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.": "Se recibieron {count} archivos de Terraform; ROS acepta como máximo {limit} archivos de Workspace.",
    "its count is not a number known before deployment": "su count no es un número conocido antes del despliegue",
    "{address}: count was computed from the default of {variable}, so a different value at deploy time is not followed.": "{address}: el count se calculó con el valor predeterminado de {variable}, así que un valor distinto al desplegar no se tiene en cuenta.",
    "Base the expression on parameters (Ref to a parameter) and literal values.": "Construya la expresión con parámetros (Ref a un parámetro) y valores literales.",
    "Check the name in the ROS resource type list.": "Compruebe el nombre en la lista de tipos de recursos de ROS.",
    "Fn::Select index {index} is out of range for a list of {count} items.": "El índice {index} de Fn::Select está fuera del rango de una lista de {count} elementos.",
    "Give Fn::Select a list that is not empty.": "Pase a Fn::Select una lista que no esté vacía.",
    "Give {key} a value of type {wanted}, or a function that returns one.": "Dé a {key} un valor de tipo {wanted}, o una función que lo devuelva.",
    "Remove it; {owner} takes: {listing}.": "Elimínela; {owner} admite: {listing}.",
    "Resource {name} has the type {kind!r}, which the ROS schema does not list.": "El recurso {name} tiene el tipo {kind!r}, que el esquema de ROS no incluye.",
    "Use an index from 0 to {last}.": "Use un índice de 0 a {last}.",
    "Use {choices} if that is what you meant, or check the name in the ROS resource type list.": "Use {choices} si es lo que quería decir, o compruebe el nombre en la lista de tipos de recursos de ROS.",
    "Use {choices} if that is what you meant, or remove it.": "Use {choices} si es lo que quería decir, o elimínela.",
    "Write it as {function}: {shape}.": "Escríbala como {function}: {shape}.",
    "{function} takes {shape}, not {value}.": "{function} recibe {shape}, no {value}.",
    "{key!r} is not a property of {owner} in the ROS schema.": "{key!r} no es una propiedad de {owner} según el esquema de ROS.",
    "{owner} is missing the required property {key}.": "A {owner} le falta la propiedad obligatoria {key}.",
    "{owner} must be {wanted}, not {value}.": "{owner} debe ser {wanted}, no {value}.",
    "{section} cannot use {what}: they are evaluated before any resource exists.": "{section} no puede usar {what}: se evalúan antes de que exista ningún recurso.",
    # iaccode/iac/block_read.py, block_answer.py, blocks.py: the request accounted for
    "2 instances in 2 zones for high availability": "2 instancias en 2 zonas para alta disponibilidad",
    "Applied from the request:": "Aplicado de la solicitud:",
    "Not applied:": "No aplicado:",
    "Nothing was built, because the request cannot be honoured as asked:": "No se creó nada, porque la solicitud no puede cumplirse tal como se pide:",
    "Nothing was built: no building block covers these parts of the request:": "No se creó nada: ningún bloque cubre estas partes de la solicitud:",
    "One template deploys to one region, and the request names {regions}.": "Una plantilla se despliega en una sola región, y la solicitud nombra {regions}.",
    "The llm engine (`engine: llm`) can write what is not applied.": "El motor llm (`engine: llm`) puede escribir lo que no se aplicó.",
    "The request both asks for and rules out public access.": "La solicitud pide y a la vez excluye el acceso público.",
    "The request gives no exact count ({words}); say how many, from 1 to {most}.": "La solicitud no da un número exacto ({words}); indique cuántos, de 1 a {most}.",
    "The request rules out a {what}, which the resources it asks for need.": "La solicitud excluye {what}, que necesitan los recursos que pide.",
    "The request rules out port(s) {ports}, which the load balancer would need.": "La solicitud excluye los puertos {ports}, que el balanceador de carga necesitaría.",
    "a NAT gateway with an elastic IP and SNAT": "una puerta de enlace NAT con una IP elástica y SNAT",
    "a PolarDB {engine} {version} cluster": "un clúster PolarDB {engine} {version}",
    "a RAM role for {service}": "un rol RAM para {service}",
    "a Redis {version} instance": "una instancia Redis {version}",
    "a log project with a logstore": "un proyecto de registros con un logstore",
    "an elastic IP is built for instances or a NAT gateway": "una IP elástica se crea para instancias o una puerta de enlace NAT",
    "an elastic IP per instance": "una IP elástica por instancia",
    "an internal (intranet) load balancer": "un balanceador de carga interno (intranet)",
    "database storage of {size} GB": "almacenamiento de base de datos de {size} GB",
    "disks, instance type or image": "discos, tipo de instancia o imagen",
    "image {image}": "imagen {image}",
    "instance type {type}": "tipo de instancia {type}",
    "logs kept {days} days": "registros conservados {days} días",
    "name {name}": "nombre {name}",
    "no current instance type matches exactly; choose one in the InstanceType parameter": "ningún tipo de instancia actual coincide exactamente; elija uno en el parámetro InstanceType",
    "no public image id for it is known offline; choose it in the ImageId parameter": "sin conexión no se conoce su id de imagen pública; elíjala en el parámetro ImageId",
    "not a valid resource name": "no es un nombre de recurso válido",
    "not opened, as asked: port(s) {ports}": "no abiertos, como se pidió: puertos {ports}",
    "offline I write ROS (YAML or JSON) or Terraform": "sin conexión escribo ROS (YAML o JSON) o Terraform",
    "one VPC CIDR per template: {first} is used": "un CIDR de VPC por plantilla: se usa {first}",
    "one image per template": "una imagen por plantilla",
    "one instance type per template: {first} is the default": "un tipo de instancia por plantilla: {first} es el predeterminado",
    "one source CIDR per template: {first} is used": "un CIDR de origen por plantilla: se usa {first}",
    "port(s) {ports} open only to the AdminCidr parameter, which you fill in": "puertos {ports} abiertos solo al parámetro AdminCidr, que usted rellena",
    "port(s) {ports} open to {source} only": "puertos {ports} abiertos solo a {source}",
    "public bandwidth is 1 to 100 Mbps and needs a public IP": "el ancho de banda público es de 1 a 100 Mbps y necesita una IP pública",
    "public bandwidth {mbps} Mbps": "ancho de banda público de {mbps} Mbps",
    "storage is set for an RDS database only": "el almacenamiento solo se fija para una base de datos RDS",
    "system disk of {size} GB": "disco del sistema de {size} GB",
    "tags {tags}": "etiquetas {tags}",
    "the building blocks have no {product}; the llm engine can write it": "los bloques no incluyen {product}; el motor llm puede escribirlo",
    "the instance type named in the request decides the size": "el tipo de instancia indicado en la solicitud decide el tamaño",
    "the request does not say which disk or storage the size is for": "la solicitud no dice a qué disco o almacenamiento corresponde el tamaño",
    "they belong to ECS instances, and the request asks for none": "pertenecen a instancias ECS, y la solicitud no pide ninguna",
    "vSwitches in 2 zones for high availability": "vSwitches en 2 zonas para alta disponibilidad",
    "web port(s) {ports} open to the VPC": "puertos web {ports} abiertos a la VPC",
    "web port(s) {ports} open to the internet": "puertos web {ports} abiertos a internet",
    "zones {zones}": "zonas {zones}",
    "{count} data disk(s) of {sizes} GB": "{count} disco(s) de datos de {sizes} GB",
    "{cpu} vCPUs": "{cpu} vCPU",
    "{mbps} Mbps": "{mbps} Mbps",
    "{part}: {reason}": "{part}: {reason}",
    "{size} GB": "{size} GB",
    "Format: {format}.": "Formato: {format}.",
    "the Terraform rules have no counterpart, so the configuration leaves it out": "las reglas de Terraform no tienen equivalente, así que la configuración lo omite",
    "a Kubernetes cluster with {count} nodes": "un clúster de Kubernetes con {count} nodos",
    "an application load balancer": "un balanceador de carga de aplicaciones",
    "an auto scaling group of {low} to {high} instances": "un grupo de escalado automático de {low} a {high} instancias",
    "At most {most} ECS instances per template.": "Como máximo {most} instancias ECS por plantilla.",
    "Redis {version} is not offered; use one of: {versions}.": "Redis {version} no se ofrece; use uno de: {versions}.",
    "A load balancer needs a listener port, and the request rules out 80 and 443.": "Un balanceador de carga necesita un puerto de escucha, y la solicitud excluye 80 y 443.",
    "An application load balancer listens on 80 or 443, and the request rules out both.": "Un balanceador de carga de aplicaciones escucha en 80 o 443, y la solicitud excluye ambos.",
    "elastic IP bandwidth {mbps} Mbps": "ancho de banda de la IP elástica de {mbps} Mbps",
    "every port open is not built; name the ports to open": "no se abren todos los puertos; indique los puertos que deben abrirse",
    "log-in with a key pair (the KeyPairName parameter)": "inicio de sesión con un par de claves (el parámetro KeyPairName)",
    "the building blocks create resources only; the llm engine can add it": "los bloques solo crean recursos; el motor llm puede añadirlo",
    "a source CIDR limits opened ports, and the request opens none": "un CIDR de origen limita los puertos abiertos, y la solicitud no abre ninguno",
    "database reachable from {source} only": "base de datos accesible solo desde {source}",
    "has a condition on a resource's value, which ROS evaluates before any resource exists": "tiene una condición sobre el valor de un recurso, que ROS evalúa antes de que exista ningún recurso",
    "Rule {name} must be a mapping with Assertions, not {value}.": "La regla {name} debe ser un mapa con Assertions, no {value}.",
    "Rule {name} has the unknown key {key!r}.": "La regla {name} tiene la clave desconocida {key!r}.",
    "Rule {name} needs a list of Assertions, not {value}.": "La regla {name} necesita una lista de Assertions, no {value}.",
    "Assertion {index} of rule {name} must have Assert (and may have AssertDescription), not {value}.": "La aserción {index} de la regla {name} debe tener Assert (y puede tener AssertDescription), no {value}.",
    "Write the rule as a mapping with Assertions: a list of entries with Assert and AssertDescription.": "Escriba la regla como un mapa con Assertions: una lista de entradas con Assert y AssertDescription.",
    # Architecture diagrams (iaccode.iac.diagram*, iaccode.agent.diagrams)
    "There is no diagram: the template has {count} entries, more than the {limit} a diagram can show.": "No hay diagrama: la plantilla tiene {count} entradas, más de las {limit} que puede mostrar un diagrama.",
    "There is no diagram: the template is not a mapping of sections.": "No hay diagrama: la plantilla no es un mapa de secciones.",
    "There is no diagram: the template has no resources.": "No hay diagrama: la plantilla no tiene recursos.",
    "There is no diagram: the template has {count} references, more than the {limit} a diagram can show.": "No hay diagrama: la plantilla tiene {count} referencias, más de las {limit} que puede mostrar un diagrama.",
    "Architecture of the template: {count} resources": "Arquitectura de la plantilla: {count} recursos",
    "There is no diagram: the template could not be read.": "No hay diagrama: no se pudo leer la plantilla.",
    "Outside any VPC": "Fuera de cualquier VPC",
    "VPC {name}": "VPC {name}",
    "vSwitch {name}": "vSwitch {name}",
    "Not defined in this template": "No definido en esta plantilla",
    "Parameter {name}": "Parámetro {name}",
    "Output {name}": "Salida {name}",
    "{name} (not defined)": "{name} (no definido)",
    "Parameter": "Parámetro",
    "Output": "Salida",
    "not defined": "no definido",
    "Parameters": "Parámetros",
    "Outputs": "Salidas",
    "The {key} of parameter {name} uses {function}, but ROS does not evaluate functions in Parameters.": "El {key} del parámetro {name} usa {function}, pero ROS no evalúa funciones en Parameters.",
    "Write a literal value there, and compute derived values with the function where the parameter is used (Resources, Outputs or Locals).": "Escriba ahí un valor literal y calcule los valores derivados con la función donde se usa el parámetro (Resources, Outputs o Locals).",
    "public IP": "IP pública",
    "all instances share one network setting, and the request keeps some private": "todas las instancias comparten una misma configuración de red, y la solicitud mantiene algunas privadas",
    "a port range is not built; name the ports to open": "no se abre un rango de puertos; indique los puertos que deben abrirse",
    "The application load balancer listens on 80 or 443 here, and the request asks for port(s) {ports}.": "El balanceador de carga de aplicaciones escucha aquí en 80 o 443, y la solicitud pide los puertos {ports}.",
    "a node count is built for a Kubernetes cluster only": "un número de nodos solo se aplica a un clúster de Kubernetes",
    "Redis reachable from {source} only": "Redis accesible solo desde {source}",
    "the Redis block sets no whitelist; set it on the instance after creation": "el bloque de Redis no define lista blanca; configúrela en la instancia tras crearla",
    "The Terraform's locals read each other more than {limit} times (local.{name} among them), which grows without bound; convert a smaller configuration.": "Los locals de la configuración Terraform se leen entre sí más de {limit} veces (entre ellos local.{name}), lo que crece sin límite; convierta una configuración más pequeña.",
    "local.{name} is {size} characters long, more than the {limit} a converted template can carry.": "local.{name} tiene {size} caracteres, más de los {limit} que puede llevar una plantilla convertida.",
    "indexes {address} by the key {key!r}, which is not a copy's number": "indexa {address} con la clave {key!r}, que no es el número de una copia",
    "The root module and the local modules it calls have {count} files, more than {limit} (ROS accepts at most 50 Workspace files); remove unused files or raise the limit.": "El módulo raíz y los módulos locales que llama tienen {count} archivos, más de {limit} (ROS acepta como máximo 50 archivos de Workspace); elimine los archivos que no se usan o aumente el límite.",
    "local.{name} grows to more than {limit} values as the locals read each other, more than a converted template can carry; convert a smaller configuration.": "local.{name} crece a más de {limit} valores porque los locals se leen entre sí, más de lo que puede llevar una plantilla convertida; convierta una configuración más pequeña.",
    "reads {address}, whose values are known only at deploy time": "lee {address}, cuyos valores solo se conocen al desplegar",
    "{address} asks for {count} copies; a ROS stack holds at most {limit} resources, so the configuration is not converted. Lower the count or split the configuration into several stacks.": "{address} pide {count} copias; una pila de ROS admite como máximo {limit} recursos, así que la configuración no se convierte. Reduzca el número o divida la configuración en varias pilas.",
    "{address} is sensitive, and ROS shows every output's value to whoever can read the stack, so the output was left out.": "{address} es confidencial (sensitive) y ROS muestra el valor de cada salida a quien pueda leer la pila, así que la salida se omitió.",
    "{address}: the dynamic block {name} was repeated over the default of {variable}, so a different value at deploy time is not followed.": "{address}: el bloque dinámico {name} se repitió sobre el valor predeterminado de {variable}, así que un valor distinto al desplegar no se tiene en cuenta.",
    "The module instances and resource copies add up to more than {limit} (reached at {address}); a ROS stack holds at most 300 resources, so the configuration is not converted. Lower the counts or split the configuration into several stacks.": "Las instancias de módulo y las copias de recursos suman más de {limit} (se alcanzó en {address}); una pila de ROS admite como máximo 300 recursos, así que la configuración no se convierte. Reduzca los recuentos o divida la configuración en varias pilas.",
    "{address}: its for_each is empty, so it was left out.": "{address}: su for_each está vacío, así que se omitió.",
    "its value is computed, and ROS needs it as JSON text": "su valor se calcula, y ROS lo necesita como texto JSON",
    "indexes a list of {size} items at {index}": "indexa una lista de {size} elementos en la posición {index}",
    "{address}: {argument} = {expr}: one branch {reason}, which Terraform rejects when it is taken, so the template always uses the other one.": "{address}: {argument} = {expr}: una rama {reason}, lo que Terraform rechaza cuando se toma, así que la plantilla usa siempre la otra.",
    "calls cidrsubnet() on a value known only when the stack is created": "llama a cidrsubnet() con un valor que solo se conoce al crear la pila",
    "calls cidrsubnet() on an IPv6 network, computed for IPv4 only": "llama a cidrsubnet() sobre una red IPv6; solo se calcula IPv4",
    "{address}: its type {expr} is known only at deploy time, so it became {ingress} and {egress}, each created only when the type has its direction.": "{address}: su type {expr} solo se conoce al desplegar, así que se convirtió en {ingress} y {egress}, cada uno creado solo cuando el type tiene su dirección.",
    "calls cidrsubnet() with arguments it cannot use": "llama a cidrsubnet() con argumentos que no puede usar",
    "calls cidrsubnet() with newbits or netnum not literal": "llama a cidrsubnet() con newbits o netnum que no son literales",
    "name_regex {pattern!r} is read as the exact name {name!r}; Terraform matched every name containing it": "name_regex {pattern!r} se lee como el nombre exacto {name!r}; Terraform encontraba todo nombre que lo contuviera",
    "reads {attribute} of {source}, which {type} has no attribute for": "lee {attribute} de {source}, para lo que {type} no tiene atributo",
    "{argument} is not converted; the template reads the first item ROS lists": "{argument} no se convierte; la plantilla lee el primer elemento que lista ROS",
    "{source} became the ROS data source {name} ({type}), read when the stack is created.": "{source} pasó a ser el origen de datos de ROS {name} ({type}), que se lee al crear la pila.",
    "{source}: {note}.": "{source}: {note}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out, {not_created} not created (count 0).": "{found} recursos de Terraform: {native} convertidos de forma nativa, {lossy} convertidos con pérdidas, {dropped} omitidos, {not_created} no creados (count 0).",
    "another argument already gives {path} a value": "otro argumento ya da un valor a {path}",
    "{address}: left out {arguments}, Terraform's own settings for how it applies changes (a dry run, a forced update or delete, the language of the API's answers); ROS has no such setting and creates the same resource without them.": "{address}: se omitió {arguments}, que solo controla cómo Terraform aplica los cambios (una ejecución de prueba, una actualización o eliminación forzada, el idioma de las respuestas de la API); ROS no tiene tal ajuste y crea el mismo recurso sin ello.",
    "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but {tf_type} has no argument for {missing}, which {ros_type} needs: it is another resource": "las reglas del fabricante asignan {tf_type} a {ros_type}, el tipo que crea {other}, pero {tf_type} no tiene argumento para {missing}, que {ros_type} necesita: es otro recurso",
    "{type} takes {kind} for {name}": "{type} admite {kind} para {name}",
    "{path} of {type} has no field for it": "{path} de {type} no tiene un campo para ello",
    "{address}: {arguments} placed by the ROS schema's property names (the vendor's rules leave them out).": "{address}: {arguments} colocado según los nombres de propiedad del esquema de ROS (las reglas del fabricante lo omiten).",
    "reads a whole item of {source}, which {type} lists by id only": "lee un elemento entero de {source}, que {type} solo da por su ID",
    "{address}: {key} not converted ({reason}); added parameter {name} for it, to be set when the stack is created.": "{address}: {key} no se convirtió ({reason}); se añadió el parámetro {name} para ello, que se fija al crear la pila.",
    "{expr} reads {source} at a computed index; parameter {name} stands for one chosen value, which every read gets.": "{expr} lee {source} en un índice calculado; el parámetro {name} representa un único valor elegido, que recibe cada lectura.",
    "{type} takes only {choices} for {name}, not {value!r}": "{type} solo admite {choices} para {name}, no {value!r}",
    "{source} became parameter {name}, chosen when the stack is created from the region's zones; Terraform listed only those where {service} is sold.": "{source} pasó a ser el parámetro {name}, que se elige al crear la pila entre las zonas de la región; Terraform solo listaba aquellas donde se vende {service}.",
    "divides by zero": "divide entre cero",
    "is text with a value known only at deploy time": "es un texto con un valor que solo se conoce al desplegar",
    "it is known only at deploy time, and ROS takes the number in it": "solo se conoce al desplegar, y ROS toma el número que contiene",
    "it is not a license code of the form bhah_ent_<assets>_asset": "no es un código de licencia de la forma bhah_ent_<assets>_asset",
    "reads a data source": "lee un origen de datos",
    "reads {source}, which has count, not as its one copy [0]": "lee {source}, que tiene count, no como su única copia [0]",
    "reads {source}, whose count is 0": "lee {source}, cuyo count es 0",
    "reads {source}, whose count is not 1, 0 or a choice of them": "lee {source}, cuyo count no es 1, 0 ni una elección entre ellos",
    "{address}: {arguments} became {name} ({type}), a resource of its own, as the provider applies them with a call of their own.": "{address}: {arguments} pasó a ser {name} ({type}), un recurso propio, porque el proveedor lo aplica con una llamada propia.",
    "{type} would need one copy per item of {argument} in each copy of the resource, which ROS's Count cannot say": "{type} necesitaría una copia por cada elemento de {argument} en cada copia del recurso, lo que el Count de ROS no puede expresar",
    "it repeats a block over copies known only at deploy time, which ROS cannot list here": "repite un bloque sobre copias que solo se conocen al desplegar, lo que ROS no puede listar aquí",
    "ROS cannot compute the blocks from the parameter there": "ROS no puede calcular ahí los bloques a partir del parámetro",
    "the dynamic block {name} was repeated over the default of {variable} ({reason}), so a different value at deploy time is not followed.": "el bloque dinámico {name} se repitió sobre el valor predeterminado de {variable} ({reason}), así que no se sigue otro valor al desplegar.",
    "reads a file whose path is only known at deploy time": "lee un archivo cuya ruta solo se conoce al desplegar",
    "The configuration reads {path}, which is not in the Workspace (missing, or not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.": "La configuración lee {path}, que no está en el Workspace (falta o no es texto UTF-8), así que Terraform no puede leerlo cuando ROS despliega la pila.",
    "The path {path} names {file} from the root module's folder; with the root module at the top of the Workspace it no longer leads there, so Terraform fails to read it when ROS deploys the stack; copy the file into that folder.": "La ruta {path} nombra {file} desde la carpeta del módulo raíz; con el módulo raíz en la parte superior del Workspace ya no lleva allí, así que Terraform no puede leerlo cuando ROS despliega la pila; copie el archivo en esa carpeta.",
    "its path is only known at deploy time, when ROS cannot read a local file": "su ruta solo se conoce al desplegar, cuando ROS no puede leer un archivo local",
    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added for the same value.": "{address}: {argument} = {expr} {reason}; usa el parámetro {name}, añadido para el mismo valor.",
    "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not and Fn::Equals there, with the functions its reference lists inside them.": "Conditions no puede usar {function}: ROS solo evalúa allí Fn::And, Fn::Or, Fn::Not y Fn::Equals, con las funciones que su referencia enumera dentro de ellas.",
    "Compute the value in the property instead (Fn::If, Fn::Jq), or test the parameters with Fn::Equals.": "Calcule el valor en la propiedad (Fn::If, Fn::Jq), o compruebe los parámetros con Fn::Equals.",
    "has a test that ROS cannot evaluate in its Conditions (a value of each copy, or a function of the stack's creation)": "tiene una prueba que ROS no puede evaluar en sus Conditions (un valor de cada copia o una función de la creación de la pila)",
    "the vendor's rules send it to {name}, which {path} of {type} does not have": "las reglas del proveedor lo envían a {name}, que {path} de {type} no tiene",
    "written blocks stand beside it": "hay bloques escritos junto a él",
    "its test is no Condition ROS can evaluate": "su prueba no es una Condition que ROS pueda evaluar",
    "the dynamic block {name} was repeated over the default of {variable}, since its test {test} {reason}, so a different value at deploy time is not followed.": "el bloque dinámico {name} se repitió sobre el valor predeterminado de {variable}, ya que su prueba {test} {reason}, así que no se sigue otro valor en el despliegue.",
    "its {argument} names no resource this template creates, and ROS sets it on the instance only": "su {argument} no nombra ningún recurso que cree esta plantilla, y ROS solo lo establece en la instancia",
    "makes copies, which ROS cannot write into one instance": "crea copias, que ROS no puede escribir en una sola instancia",
    "{address} became {properties} of {name}, as ROS sets it on the instance.": "{address} pasó a ser {properties} de {name}, ya que ROS lo establece en la instancia.",
    "{address}: where {argument} names another instance than {name} (an existing one), ROS cannot set this on it.": "{address}: cuando {argument} nombra otra instancia distinta de {name} (una existente), ROS no puede establecer esto en ella.",
    "{argument} = {expr} {reason}": "{argument} = {expr} {reason}",
    "ROS requires {name}": "ROS requiere {name}",
    "it names a copy of an instance with Count, which ROS sets as one": "nombra una copia de una instancia con Count, que ROS configura como una sola",
    "it names {name} only where {name} is not created": "nombra {name} solo donde {name} no se crea",
    "it does not set {fields}, which {name} of {type} needs": "no establece {fields}, que {name} de {type} necesita",
    "{address}: {arguments} not converted, as {name} already has a value there (its own, or another policy's); Terraform would change it once the instance exists.": "{address}: {arguments} no se convirtió, ya que {name} ya tiene un valor ahí (el suyo o el de otra política); Terraform lo cambiaría una vez creada la instancia.",
}
