"""German translations of the IaC texts: English template -> German template."""

TEXTS: dict[str, str] = {
    "data disk category {category}": "Datenträgerkategorie {category}",
    "system disk category {category}": "Systemdatenträgerkategorie {category}",
    "performance level {level}": "Leistungsstufe {level}",
    "the building blocks leave it at the category's default": "die Bausteine belassen sie beim Standard der Kategorie",
    "the listeners keep the load balancer's default health check": "die Listener behalten die Standard-Gesundheitsprüfung des Load Balancers",
    "versioning on the bucket": "Versionierung am Bucket",
    "objects deleted after {days} days": "Objekte werden nach {days} Tagen gelöscht",
    "server-side encryption of the bucket (AES256)": "serverseitige Verschlüsselung des Buckets (AES256)",
    "read-only access to the bucket for the RAM user": "Lesezugriff auf den Bucket für den RAM-Benutzer",
    "full access to the bucket for the RAM user": "Vollzugriff auf den Bucket für den RAM-Benutzer",
    "bucket access": "Bucket-Zugriff",
    "access is granted to the template's OSS bucket only": "Zugriff wird nur auf den OSS-Bucket der Vorlage gewährt",
    "a lifecycle rule": "eine Lebenszyklusregel",
    "it is built for an OSS bucket only": "das wird nur für einen OSS-Bucket gebaut",
    "the days must be from 1 to 36500": "die Tage müssen zwischen 1 und 36500 liegen",
    "a RAM user": "einen RAM-Benutzer",
    "a RAM user with read-only access to the bucket": "einen RAM-Benutzer mit Lesezugriff auf den Bucket",
    "a RAM user with full access to the bucket": "einen RAM-Benutzer mit Vollzugriff auf den Bucket",
    "... {count} more ...": "... {count} weitere ...",
    "1 ECS instance": "1 ECS-Instanz",
    (
        "ALIYUN::Index is used in {where}, which is not a resource with Count, so it has no value "
        "there."
    ): (
        "ALIYUN::Index wird in {where} verwendet; das ist keine Ressource mit Count, daher hat es "
        "dort keinen Wert."
    ),
    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove Workspace.": (
        "Fügen Sie Transform: 'Aliyun::Terraform-v1.5' (oder eine OpenTofu-Version) hinzu oder "
        "entfernen Sie Workspace."
    ),
    "Add Type: String (or Number, CommaDelimitedList, Json, Boolean).": (
        "Fügen Sie Type: String hinzu (oder Number, CommaDelimitedList, Json, Boolean)."
    ),
    "Add Workspace mapping file paths such as main.tf to their Terraform source.": (
        "Fügen Sie Workspace hinzu, das Dateipfade wie main.tf ihrem Terraform-Quelltext zuordnet."
    ),
    "Add a Value, for example a Ref or Fn::GetAtt of a resource.": (
        "Fügen Sie einen Value hinzu, zum Beispiel ein Ref oder Fn::GetAtt einer Ressource."
    ),
    "Add a condition named {name!r} under Conditions, or remove the reference.": (
        "Fügen Sie unter Conditions eine Bedingung namens {name!r} hinzu oder entfernen Sie den "
        "Verweis."
    ),
    "Add a condition named {name!r} under Conditions, or use an existing one.": (
        "Fügen Sie unter Conditions eine Bedingung namens {name!r} hinzu oder verwenden Sie eine "
        "vorhandene."
    ),
    "Add a mapping named {name!r} under Mappings.": (
        "Fügen Sie unter Mappings ein Mapping namens {name!r} hinzu."
    ),
    "Add a short Label such as 'VPC ID'.": "Fügen Sie ein kurzes Label hinzu, etwa 'VPC ID'.",
    "Add at least one Terraform file, such as main.tf.": (
        "Fügen Sie mindestens eine Terraform-Datei hinzu, etwa main.tf."
    ),
    (
        "Add at least one resource under Resources, or a Transform and Workspace for a Terraform "
        "template."
    ): (
        "Fügen Sie unter Resources mindestens eine Ressource hinzu oder, für eine "
        "Terraform-Vorlage, Transform und Workspace."
    ),
    "Add {key!r} to the mapping {name!r}.": "Fügen Sie {key!r} zum Mapping {name!r} hinzu.",
    "Add {key} under Properties, as a literal or a Ref to a parameter.": (
        "Fügen Sie {key} unter Properties hinzu, als Literal oder als Ref auf einen Parameter."
    ),
    "Add {key} under Properties, ideally as a parameter so it fits the region.": (
        "Fügen Sie {key} unter Properties hinzu, am besten als Parameter, damit der Wert zur "
        "Region passt."
    ),
    "AllowedPattern must be a regular expression string, not {value}.": (
        "AllowedPattern muss ein regulärer Ausdruck als Zeichenkette sein, nicht {value}."
    ),
    "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).": (
        "AllowedPattern {pattern!r} ist kein gültiger regulärer Ausdruck ({reason})."
    ),
    "AllowedValues must be a list, not {value}.": (
        "AllowedValues muss eine Liste sein, nicht {value}."
    ),
    "An extra file suffix is empty; give suffixes such as '.sh'.": (
        "Eine zusätzliche Dateiendung ist leer; geben Sie Endungen wie '.sh' an."
    ),
    (
        "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or Fn::Sub "
        "reference between them."
    ): (
        "Unterbrechen Sie den Zyklus, indem Sie einen DependsOn-Eintrag oder einen Ref-, "
        "Fn::GetAtt- oder Fn::Sub-Verweis zwischen ihnen entfernen."
    ),
    "Cannot list {path}: {reason}.": "{path} kann nicht aufgelistet werden: {reason}.",
    "Cannot read {path}: {reason}.": "{path} kann nicht gelesen werden: {reason}.",
    "Change Default or the MinLength/MaxLength bounds so the default is allowed.": (
        "Ändern Sie Default oder die Grenzen MinLength/MaxLength, sodass der Standardwert zulässig "
        "ist."
    ),
    "Change Default or the MinValue/MaxValue bounds so the default is allowed.": (
        "Ändern Sie Default oder die Grenzen MinValue/MaxValue, sodass der Standardwert zulässig "
        "ist."
    ),
    "Change Default so the whole value matches the pattern, or relax the pattern.": (
        "Ändern Sie Default so, dass der gesamte Wert dem Muster entspricht, oder lockern Sie das "
        "Muster."
    ),
    "Choose a CIDR block for {name} inside {ranges}.": (
        "Wählen Sie für {name} einen CIDR-Block innerhalb von {ranges}."
    ),
    "Creates {listed} (iaccode building blocks).": "Erstellt {listed} (iaccode-Bausteine).",
    "Creates {listed} in {region} (iaccode building blocks).": (
        "Erstellt {listed} in der Region {region} (iaccode-Bausteine)."
    ),
    "Define the expression under Conditions and use its name here.": (
        "Definieren Sie den Ausdruck unter Conditions und verwenden Sie hier seinen Namen."
    ),
    (
        "Define {name!r} as a parameter or resource, or write {escaped} for a literal '${{' in the "
        "output."
    ): (
        "Definieren Sie {name!r} als Parameter oder Ressource, oder schreiben Sie {escaped} für "
        "ein wörtliches '${{' in der Ausgabe."
    ),
    "Define {name!r} under Parameters or Resources.": (
        "Definieren Sie {name!r} unter Parameters oder Resources."
    ),
    "DependsOn of resource {name} must be a resource name or a list of names, not {value}.": (
        "DependsOn der Ressource {name} muss ein Ressourcenname oder eine Liste von Namen sein, "
        "nicht {value}."
    ),
    "Errors ({count}):": "Fehler ({count}):",
    (
        "Fix the JSON syntax at the given line; keys need double quotes, members need commas "
        "between them and no trailing comma."
    ): (
        "Korrigieren Sie die JSON-Syntax in der angegebenen Zeile; Schlüssel brauchen doppelte "
        "Anführungszeichen, Einträge werden durch Kommas getrennt, ohne abschließendes Komma."
    ),
    "Fix the JSON value; numbers longer than a few thousand digits are not accepted.": (
        "Korrigieren Sie den JSON-Wert; Zahlen mit mehr als einigen tausend Ziffern werden nicht "
        "akzeptiert."
    ),
    "Fix the pattern; remember to escape special characters such as '.' and '('.": (
        "Korrigieren Sie das Muster; denken Sie daran, Sonderzeichen wie '.' und '(' zu maskieren."
    ),
    (
        "Fix the syntax at the given line; YAML needs consistent space indentation and 'key: "
        "value' pairs, and values with ': ' or '#' in them must be quoted."
    ): (
        "Korrigieren Sie die Syntax in der angegebenen Zeile; YAML erfordert eine einheitliche "
        "Einrückung mit Leerzeichen und Paare der Form 'key: value', und Werte, die ': ' oder '#' "
        "enthalten, müssen in Anführungszeichen stehen."
    ),
    "Fix: {hint}": "Lösung: {hint}",
    "Flatten the deeply nested part; real templates stay within a few dozen levels.": (
        "Verflachen Sie den tief verschachtelten Teil; echte Vorlagen kommen mit wenigen Dutzend "
        "Ebenen aus."
    ),
    "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.": (
        "Fn::FindInMap verweist auf das Mapping {name!r}, das nicht in Mappings definiert ist."
    ),
    "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.": (
        "Fn::GetAtt erwartet [Ressource, Attribut] oder 'Ressource.Attribut', nicht {value}."
    ),
    "Fn::Sub needs a string or [string, variables], not {value}.": (
        "Fn::Sub erwartet eine Zeichenkette oder [Zeichenkette, Variablen], nicht {value}."
    ),
    "Fn::Sub placeholder {placeholder}": "Fn::Sub-Platzhalter {placeholder}",
    "Fn::Sub placeholder {placeholder} names nothing defined in this template.": (
        "Der Fn::Sub-Platzhalter {placeholder} bezeichnet nichts, was in dieser Vorlage definiert "
        "ist."
    ),
    "Give each VSwitch of a VPC its own non-overlapping CIDR block.": (
        "Geben Sie jedem VSwitch einer VPC einen eigenen, nicht überlappenden CIDR-Block."
    ),
    "Give the file's Terraform source as a string (a YAML block with |).": (
        "Geben Sie den Terraform-Quelltext der Datei als Zeichenkette an (ein YAML-Block mit |)."
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
        "Ich arbeite mit der Offline-Engine, die ohne Modell und ohne Netzwerkzugriff auskommt.\n"
        "\n"
        "Was ich offline kann:\n"
        "- Eine Alibaba Cloud ROS-Vorlage prüfen: Fügen Sie sie in die Nachricht ein (JSON oder "
        "YAML, mit oder ohne Codeblock) oder nennen Sie eine Vorlagendatei Ihres Arbeitsbereichs, "
        "und ich prüfe sie gegen das Schema jedes ROS-Ressourcentyps: Struktur, Parameter, "
        "Verweise, Funktionen, Abhängigkeiten, Ausgaben, Eigenschaften und ihre Werte.\n"
        "- Terraform in ROS konvertieren: Fügen Sie den HCL-Code ein oder nennen Sie ein "
        "Verzeichnis Ihres Arbeitsbereichs; bitten Sie um die kompatible Form, um die "
        "Terraform-Dateien unverändert zu übernehmen.\n"
        "- Vorlagen aus Bausteinen erstellen: VPC und vSwitches, Sicherheitsgruppen, ECS, SLB und "
        "ALB, RDS, PolarDB, Redis, OSS, NAT-Gateway, Auto Scaling, Kubernetes (ACK), SLS und RAM, "
        "als ROS YAML, JSON oder Terraform, z. B. „Erstelle eine VPC mit zwei vSwitches.“\n"
        "- Mit Alibaba Cloud-Zugangsdaten: eine Vorlage mit ROS validieren, in der Vorschau "
        "ansehen oder ihren Preis ermitteln und Stacks erstellen, aktualisieren oder löschen (jede "
        "Änderung fragt zuerst nach Ihrer Erlaubnis).\n"
        "\n"
        "Alles andere (andere Produkte, Erklärungen) braucht ein Sprachmodell: Starten Sie den "
        "Server dafür mit `engine: llm` (ein OpenAI-kompatibler Endpunkt wie DashScope/Qwen)."
    ),
    "I could not build that template: {error}": "Ich konnte diese Vorlage nicht erstellen: {error}",
    "I could not convert the Terraform: {error}": (
        "Ich konnte den Terraform-Code nicht konvertieren: {error}"
    ),
    "Make {low_key} less than or equal to {high_key}.": (
        "Setzen Sie {low_key} kleiner oder gleich {high_key}."
    ),
    "Move it under Properties if it is a property, or remove it.": (
        "Verschieben Sie das Attribut unter Properties, falls es eine Eigenschaft ist, oder "
        "entfernen Sie es."
    ),
    "Name a resource defined under Resources.": (
        "Geben Sie eine unter Resources definierte Ressource an."
    ),
    "No Terraform files were given.": "Es wurden keine Terraform-Dateien angegeben.",
    "None of the resources could be converted to native ROS resources ({left_out}); {hint}.": (
        "Keine der Ressourcen konnte in native ROS-Ressourcen konvertiert werden ({left_out}); "
        "{hint}."
    ),
    "Notes ({count}):": "Hinweise ({count}):",
    (
        "Output {name} has no Label, which the iac-code style asks for so the console shows a "
        "readable name."
    ): (
        "Ausgabe {name} hat kein Label; der iac-code-Stil verlangt eines, damit die Konsole einen "
        "lesbaren Namen anzeigt."
    ),
    "Output {name} has no Value.": "Ausgabe {name} hat keinen Value.",
    "Output {name} has the unknown key {key!r}.": (
        "Ausgabe {name} hat den unbekannten Schlüssel {key!r}."
    ),
    "Output {name} must be a mapping with a Value, not {value}.": (
        "Ausgabe {name} muss ein Mapping mit Value sein, nicht {value}."
    ),
    "Parameter {name} has no Type.": "Parameter {name} hat keinen Type.",
    "Parameter {name} has the unknown Type {value}.": (
        "Parameter {name} hat den unbekannten Type {value}."
    ),
    "Parameter {name} has the unknown attribute {key!r}.": (
        "Parameter {name} hat das unbekannte Attribut {key!r}."
    ),
    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no effect.": (
        "Parameter {name} wird von keinem Ref oder Fn::Sub verwendet, daher hat sein Wert keine "
        "Wirkung."
    ),
    "Parameter {name} must be a mapping with a Type, not {value}.": (
        "Parameter {name} muss ein Mapping mit Type sein, nicht {value}."
    ),
    "Pass a finite tree of at most 100 levels, as a parsed template is.": (
        "Übergeben Sie einen endlichen Baum mit höchstens 100 Ebenen, wie ihn eine geparste "
        "Vorlage bildet."
    ),
    "Pass the template as a JSON or YAML string.": (
        "Übergeben Sie die Vorlage als JSON- oder YAML-Zeichenkette."
    ),
    "Quote it as '{version}' so every YAML reader sees a string.": (
        "Setzen Sie den Wert in Anführungszeichen ('{version}'), damit jeder YAML-Parser ihn als "
        "Zeichenkette liest."
    ),
    "Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'.": (
        "Setzen Sie das Muster in Anführungszeichen, zum Beispiel AllowedPattern: '^[a-z0-9-]+$'."
    ),
    "ROSTemplateFormatVersion is written as an unquoted YAML date.": (
        "ROSTemplateFormatVersion ist als YAML-Datum ohne Anführungszeichen geschrieben."
    ),
    "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.": (
        "ROSTemplateFormatVersion ist {value}, der einzige gültige Wert ist jedoch {version}."
    ),
    "Ref must name a parameter, resource or pseudo parameter, not {value}.": (
        "Ref muss einen Parameter, eine Ressource oder einen Pseudoparameter benennen, nicht "
        "{value}."
    ),
    "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo parameter.": (
        "Ref verweist auf {name!r}, das kein Parameter, keine Ressource, keine lokale Variable und "
        "kein Pseudoparameter ist."
    ),
    "Reference it with Ref {name} where it is needed, or remove it.": (
        "Referenzieren Sie ihn mit Ref {name} dort, wo er benötigt wird, oder entfernen Sie ihn."
    ),
    "Remove it or move its content.": (
        "Entfernen Sie den Abschnitt oder verschieben Sie seinen Inhalt."
    ),
    "Remove it.": "Entfernen Sie das Attribut.",
    "Remove it; outputs take Value, Description, Label and Condition.": (
        "Entfernen Sie den Schlüssel; Ausgaben akzeptieren Value, Description, Label und Condition."
    ),
    "Remove or rename the duplicate key.": (
        "Entfernen Sie den doppelten Schlüssel oder benennen Sie ihn um."
    ),
    "Remove the recursive alias; a template must be a finite tree.": (
        "Entfernen Sie den rekursiven Alias; eine Vorlage muss ein endlicher Baum sein."
    ),
    "Rename it, for example to {cleaned!r}, and update every reference to it.": (
        "Benennen Sie ihn um, zum Beispiel in {cleaned!r}, und passen Sie alle Verweise darauf an."
    ),
    "Rename one of them so every name is unique across the template.": (
        "Benennen Sie einen davon um, sodass jeder Name in der gesamten Vorlage eindeutig ist."
    ),
    (
        "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or Custom::, "
        "so ROS will not recognise it."
    ): (
        "Der Ressourcentyp {kind!r} beginnt nicht mit ALIYUN::, DATASOURCE::, MODULE:: oder "
        "Custom::, daher erkennt ROS ihn nicht."
    ),
    "Resource {name} ({kind}) has no {key}, which it needs in practice.": (
        "Bei Ressource {name} ({kind}) fehlt {key}; in der Praxis wird diese Eigenschaft benötigt."
    ),
    "Resource {name} ({kind}) is missing the required property {key}.": (
        "Bei Ressource {name} ({kind}) fehlt die erforderliche Eigenschaft {key}."
    ),
    "Resource {name} depends on {value}, which is not a resource in this template.": (
        "Ressource {name} hängt von {value} ab, aber das ist keine Ressource in dieser Vorlage."
    ),
    "Resource {name} has no Type.": "Ressource {name} hat keinen Type.",
    "Resource {name} has the unknown attribute {key!r}.": (
        "Ressource {name} hat das unbekannte Attribut {key!r}."
    ),
    "Resource {name} must be a mapping with a Type, not {value}.": (
        "Ressource {name} muss ein Mapping mit Type sein, nicht {value}."
    ),
    "Resource {resource} of type {kind} has no attribute {attribute!r}.": (
        "Ressource {resource} vom Typ {kind} hat kein Attribut {attribute!r}."
    ),
    "Set Default to a number, or change Type to String.": (
        "Setzen Sie Default auf eine Zahl oder ändern Sie Type in String."
    ),
    "Set Default to true or false.": "Setzen Sie Default auf true oder false.",
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.": (
        "Setzen Sie ROSTemplateFormatVersion: '{version}' an den Anfang der Vorlage."
    ),
    "Set Type to a ROS resource type such as ALIYUN::ECS::VPC.": (
        "Setzen Sie Type auf einen ROS-Ressourcentyp wie ALIYUN::ECS::VPC."
    ),
    "Set {key} to a non-negative integer such as 8.": (
        "Setzen Sie {key} auf eine nicht negative ganze Zahl wie 8."
    ),
    "Set {key} to a number such as 1.": "Setzen Sie {key} auf eine Zahl wie 1.",
    "Split the template into nested stacks or modules, or move large scripts out of UserData.": (
        "Teilen Sie die Vorlage in verschachtelte Stacks oder Module auf oder lagern Sie große "
        "Skripte aus UserData aus."
    ),
    "Split the template into smaller nested stacks or modules.": (
        "Teilen Sie die Vorlage in kleinere verschachtelte Stacks oder Module auf."
    ),
    (
        "Start the template with ROSTemplateFormatVersion: '{version}' followed by sections such "
        "as Parameters and Resources."
    ): (
        "Beginnen Sie die Vorlage mit ROSTemplateFormatVersion: '{version}', gefolgt von "
        "Abschnitten wie Parameters und Resources."
    ),
    "Template check failed with {counted}; fix the errors before deploying.": (
        "Vorlagenprüfung fehlgeschlagen: {counted}. Beheben Sie die Fehler vor der Bereitstellung."
    ),
    "Template check passed with no errors, warnings or notes.": (
        "Vorlagenprüfung bestanden: keine Fehler, Warnungen oder Hinweise."
    ),
    "Template check passed with {counted} and no errors or warnings.": (
        "Vorlagenprüfung bestanden: {counted}, keine Fehler oder Warnungen."
    ),
    "Template check passed with {counted}; review the warnings before deploying.": (
        "Vorlagenprüfung bestanden: {counted}. Prüfen Sie die Warnungen vor der Bereitstellung."
    ),
    "The CIDR block {cidr!r} of resource {name} {problem}.": (
        "Der CIDR-Block {cidr!r} der Ressource {name} {problem}."
    ),
    "The Default of Boolean parameter {name} is {value}, not true or false.": (
        "Der Default des Boolean-Parameters {name} ist {value}, nicht true oder false."
    ),
    "The Default of Number parameter {name} is {value}, not a number.": (
        "Der Default des Number-Parameters {name} ist {value}, keine Zahl."
    ),
    "The Default of parameter {name} is {length} characters long, outside {range}.": (
        "Der Default des Parameters {name} ist {length} Zeichen lang und liegt außerhalb {range}."
    ),
    "The Default {default!r} of parameter {name} does not match AllowedPattern {pattern!r}.": (
        "Der Default {default!r} des Parameters {name} entspricht nicht AllowedPattern {pattern!r}."
    ),
    "The Default {number:g} of parameter {name} is outside {range}.": (
        "Der Default {number:g} des Parameters {name} liegt außerhalb {range}."
    ),
    "The Default {value} of parameter {name} is not one of AllowedValues.": (
        "Der Default {value} des Parameters {name} ist keiner der AllowedValues."
    ),
    "The Properties of resource {name} must be a mapping, not {value}.": (
        "Die Properties der Ressource {name} müssen ein Mapping sein, nicht {value}."
    ),
    "The Resources section is empty.": "Der Abschnitt Resources ist leer.",
    (
        "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS template "
        "body has to stay small, so remove large files or raise the limit."
    ): (
        "Die Terraform-Dateien umfassen zusammen mehr als {limit} Bytes (erreicht bei {path}); der "
        "Text einer ROS-Vorlage muss klein bleiben, entfernen Sie daher große Dateien oder erhöhen "
        "Sie das Limit."
    ),
    "The Terraform is converted to native ROS resources.": (
        "Der Terraform-Code wurde in native ROS-Ressourcen konvertiert."
    ),
    "The Terraform is wrapped unchanged in a ROS Terraform template.": (
        "Der Terraform-Code wurde unverändert in eine ROS-Terraform-Vorlage eingebettet."
    ),
    "The Type of resource {name} must be a string, not {value}.": (
        "Der Type der Ressource {name} muss eine Zeichenkette sein, nicht {value}."
    ),
    "The Workspace file {name!r} must have text content, not {value}.": (
        "Die Workspace-Datei {name!r} muss Textinhalt haben, nicht {value}."
    ),
    "The Workspace has no .tf file, so there is no Terraform configuration to run.": (
        "Workspace enthält keine .tf-Datei, daher gibt es keine Terraform-Konfiguration zum "
        "Ausführen."
    ),
    (
        "The Workspace path {name!r} {problem}; paths must be relative and stay inside the "
        "workspace."
    ): (
        "Der Workspace-Pfad {name!r} {problem}; Pfade müssen relativ sein und innerhalb des "
        "Arbeitsbereichs bleiben."
    ),
    "The condition name {name!r} contains {chars}, which condition names cannot contain.": (
        "Der Bedingungsname {name!r} enthält {chars}, was in Bedingungsnamen nicht erlaubt ist."
    ),
    "The condition of {where} must be the name of a condition, not {value}.": (
        "Die Bedingung für {where} muss der Name einer Bedingung sein, nicht {value}."
    ),
    "The condition {name!r} used by {where} is not defined in Conditions.": (
        "Die von {where} verwendete Bedingung {name!r} ist nicht in Conditions definiert."
    ),
    (
        "The directory has more than {limit} Terraform files (ROS accepts at most 50 Workspace "
        "files); remove unused files or raise the limit."
    ): (
        "Das Verzeichnis enthält mehr als {limit} Terraform-Dateien (ROS akzeptiert höchstens 50 "
        "Workspace-Dateien); entfernen Sie nicht verwendete Dateien oder erhöhen Sie das Limit."
    ),
    "The document contains itself or nests too deeply, so checking skipped that part.": (
        "Das Dokument enthält sich selbst oder ist zu tief verschachtelt, daher hat die Prüfung "
        "diesen Teil übersprungen."
    ),
    "The key {key!r} appears more than once in this mapping, so only its last value is used.": (
        "Der Schlüssel {key!r} kommt in diesem Mapping mehrfach vor, daher wird nur sein letzter "
        "Wert verwendet."
    ),
    "The key {key!r} appears more than once in this object, so only its last value is used.": (
        "Der Schlüssel {key!r} kommt in diesem Objekt mehrfach vor, daher wird nur sein letzter "
        "Wert verwendet."
    ),
    "The local name {name!r} contains {chars}, which local names cannot contain.": (
        "Der Name der lokalen Variable {name!r} enthält {chars}, was in Namen lokaler Variablen "
        "nicht erlaubt ist."
    ),
    "The mapping {name!r} has no second-level key {key!r}.": (
        "Das Mapping {name!r} hat keinen Schlüssel {key!r} auf der zweiten Ebene."
    ),
    "The mapping {name!r} has no top-level key {key!r}.": (
        "Das Mapping {name!r} hat keinen Schlüssel {key!r} auf der obersten Ebene."
    ),
    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.": (
        "Der Name {name!r} ist mehrfach definiert ({sections}), daher ist ein Ref darauf "
        "mehrdeutig."
    ),
    "The parameter name {name!r} contains {chars}, which parameter names cannot contain.": (
        "Der Parametername {name!r} enthält {chars}, was in Parameternamen nicht erlaubt ist."
    ),
    "The resource name {name!r} contains {chars}, which resource names cannot contain.": (
        "Der Ressourcenname {name!r} enthält {chars}, was in Ressourcennamen nicht erlaubt ist."
    ),
    "The template body must be text, not {kind}.": "Der Vorlagentext muss Text sein, nicht {kind}.",
    "The template contains a YAML alias that refers to itself.": (
        "Die Vorlage enthält einen YAML-Alias, der auf sich selbst verweist."
    ),
    "The template defines no resources.": "Die Vorlage definiert keine Ressourcen.",
    (
        "The template expands to more than {limit} values, usually through YAML aliases that "
        "repeat large anchors."
    ): (
        "Die Vorlage wird zu mehr als {limit} Werten expandiert, meist durch YAML-Aliase, die "
        "große Anker wiederholen."
    ),
    "The template has a Terraform Transform but no Workspace with Terraform files.": (
        "Die Vorlage hat einen Terraform-Transform, aber keinen Workspace mit Terraform-Dateien."
    ),
    (
        "The template has more than {limit} values, so checking stopped early and some problems "
        "may be unreported."
    ): (
        "Die Vorlage hat mehr als {limit} Werte, daher wurde die Prüfung vorzeitig beendet und "
        "einige Probleme werden möglicherweise nicht gemeldet."
    ),
    "The template has no ROSTemplateFormatVersion.": (
        "Die Vorlage hat keine ROSTemplateFormatVersion."
    ),
    "The template is attached as {filename}.": "Die Vorlage ist als {filename} angehängt.",
    "The template is attached as {filename}; fill in the parameters when you create the stack.": (
        "Die Vorlage ist als {filename} angehängt; geben Sie die Parameter beim Erstellen des "
        "Stacks an."
    ),
    "The template is empty.": "Die Vorlage ist leer.",
    "The template is larger than the limit of {limit} bytes (2 MiB).": (
        "Die Vorlage überschreitet die Grenze von {limit} Bytes (2 MiB)."
    ),
    "The template is not valid JSON or YAML: {detail}.": (
        "Die Vorlage ist kein gültiges JSON oder YAML: {detail}."
    ),
    "The template looks like JSON but is not valid JSON: {detail}.": (
        "Die Vorlage sieht wie JSON aus, ist aber kein gültiges JSON: {detail}."
    ),
    "The template must be a mapping of sections, not {kind}.": (
        "Die Vorlage muss ein Mapping von Abschnitten sein, nicht {kind}."
    ),
    "The template nests values more than {limit} levels deep.": (
        "Die Vorlage verschachtelt Werte mehr als {limit} Ebenen tief."
    ),
    "The {section} section must be a mapping, not {value}.": (
        "Der Abschnitt {section} muss ein Mapping sein, nicht {value}."
    ),
    "There is no .tf file at the top of the workspace (root module).": (
        "Auf der obersten Ebene des Arbeitsbereichs (Root-Modul) gibt es keine .tf-Datei."
    ),
    "There is no .tf file, so there is no Terraform configuration.": (
        "Es gibt keine .tf-Datei, daher gibt es keine Terraform-Konfiguration."
    ),
    (
        "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
        "'Aliyun::Terraform-v1.x' (for example v1.5)."
    ): (
        "Transform {transform!r} ist keine ROS-Terraform-Engine; verwenden Sie {default!r} oder "
        "'Aliyun::Terraform-v1.x' (zum Beispiel v1.5)."
    ),
    "Use ALIYUN::Index only inside the Properties of a resource that sets Count.": (
        "Verwenden Sie ALIYUN::Index nur innerhalb der Properties einer Ressource, die Count setzt."
    ),
    "Use Ref {name} for a parameter or local, since {how} needs a resource.": (
        "Verwenden Sie Ref {name} für einen Parameter oder eine lokale Variable, denn für {how} "
        "ist eine Ressource erforderlich."
    ),
    "Use a relative path such as main.tf or modules/vpc/main.tf.": (
        "Verwenden Sie einen relativen Pfad wie main.tf oder modules/vpc/main.tf."
    ),
    "Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance.": (
        "Verwenden Sie einen Alibaba Cloud ROS-Typ wie ALIYUN::ECS::Instance."
    ),
    "Use one of the ROS intrinsic functions, such as Fn::Join.": (
        "Verwenden Sie eine der integrierten ROS-Funktionen, etwa Fn::Join."
    ),
    "Use one of the allowed values ({choices}) or add the default to AllowedValues.": (
        "Verwenden Sie einen der zulässigen Werte ({choices}) oder fügen Sie den Standardwert zu "
        "AllowedValues hinzu."
    ),
    "Use one of the attributes of {kind}: {listing}.": (
        "Verwenden Sie eines der Attribute des Typs {kind}: {listing}."
    ),
    "Use one of: {choices}.": "Verwenden Sie einen dieser Werte: {choices}.",
    "Use {match!r} if that is what you meant, or {otherwise}": (
        "Verwenden Sie {match!r}, falls Sie das gemeint haben, oder {otherwise}"
    ),
    "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} ({ranges}).": (
        "VSwitch {name} verwendet {network} und liegt damit außerhalb des Bereichs der VPC {vpc} "
        "({ranges})."
    ),
    (
        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch {other} in the "
        "same VPC."
    ): (
        "VSwitch {name} verwendet {network} und überschneidet sich damit mit {other_network} von "
        "VSwitch {other} in derselben VPC."
    ),
    "Warnings ({count}):": "Warnungen ({count}):",
    "Workspace is set, but without a Terraform Transform ROS ignores it.": (
        "Workspace ist gesetzt, wird aber ohne Terraform-Transform von ROS ignoriert."
    ),
    "Workspace path {path!r} must be a string.": (
        "Der Workspace-Pfad {path!r} muss eine Zeichenkette sein."
    ),
    "Workspace path {path!r} {problem}.": "Der Workspace-Pfad {path!r} {problem}.",
    "Write AllowedValues as a list, for example [small, large].": (
        "Schreiben Sie AllowedValues als Liste, zum Beispiel [small, large]."
    ),
    "Write DependsOn as a name or a list of resource names.": (
        "Schreiben Sie DependsOn als Namen oder als Liste von Ressourcennamen."
    ),
    "Write Properties as a mapping of property names to values.": (
        "Schreiben Sie Properties als Mapping von Eigenschaftsnamen auf Werte."
    ),
    "Write an IPv4 network with its prefix length, such as 192.168.0.0/16.": (
        "Geben Sie ein IPv4-Netz mit Präfixlänge an, etwa 192.168.0.0/16."
    ),
    "Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId.": (
        "Schreiben Sie es als Fn::GetAtt: [MyVpc, VpcId] oder in YAML als !GetAtt MyVpc.VpcId."
    ),
    "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', {{Var: value}}].": (
        "Schreiben Sie es als Fn::Sub: 'text ${{Name}}' oder Fn::Sub: ['text ${{Var}}', {{Var: "
        "value}}]."
    ),
    "Write the name as a plain string, for example Ref: VpcId.": (
        "Schreiben Sie den Namen als einfache Zeichenkette, zum Beispiel Ref: VpcId."
    ),
    "Write the output as a mapping with Value, Description and Label.": (
        "Schreiben Sie die Ausgabe als Mapping mit Value, Description und Label."
    ),
    "Write the parameter as a mapping, for example {{Type: String}}.": (
        "Schreiben Sie den Parameter als Mapping, zum Beispiel {{Type: String}}."
    ),
    "Write the repeated parts out or use fewer aliases; templates rarely need them.": (
        "Schreiben Sie die wiederholten Teile aus oder verwenden Sie weniger Aliase; Vorlagen "
        "benötigen sie selten."
    ),
    "Write the resource as a mapping with Type and Properties keys.": (
        "Schreiben Sie die Ressource als Mapping mit den Schlüsseln Type und Properties."
    ),
    "Write {section} as a mapping of names to definitions.": (
        "Schreiben Sie {section} als Mapping von Namen auf Definitionen."
    ),
    "Write {section} as a single string.": "Schreiben Sie {section} als einzelne Zeichenkette.",
    "a VPC ({cidr}) with 1 vSwitch": "eine VPC ({cidr}) mit 1 vSwitch",
    "a VPC ({cidr}) with {count} vSwitches": "eine VPC ({cidr}) mit {count} vSwitches",
    "a load balancer": "einen Load Balancer",
    "a security group": "eine Sicherheitsgruppe",
    "an OSS bucket": "einen OSS-Bucket",
    "an RDS {engine} {version} instance": "eine RDS-Instanz ({engine} {version})",
    "condition {name}": "Bedingung {name}",
    "contains '..'": "enthält '..'",
    "contains a backslash; use '/' between folders": (
        "enthält einen Backslash; verwenden Sie '/' zwischen Ordnern"
    ),
    "has a name longer than {limit} characters": "enthält einen Namen mit mehr als {limit} Zeichen",
    "has an empty, '.' or '..' segment": (
        "enthält ein leeres Segment oder ein Segment '.' oder '..'"
    ),
    "has host bits set (the network is {network})": (
        "hat gesetzte Host-Bits (das Netz ist {network})"
    ),
    "has no prefix length": "hat keine Präfixlänge",
    "indexes {address}, which has no count": (
        "indiziert {address}, obwohl dort kein count gesetzt ist"
    ),
    "is absolute": "ist absolut",
    "is empty": "ist leer",
    "is longer than {limit} characters": "ist länger als {limit} Zeichen",
    "is not an IPv4 network": "ist kein IPv4-Netz",
    "is part of a reference cycle": "ist Teil eines Referenzzyklus",
    "is used outside a resource with count": "wird außerhalb einer Ressource mit count verwendet",
    "line {line}": "Zeile {line}",
    "line {line}, column {column}": "Zeile {line}, Spalte {column}",
    "output {name}": "Ausgabe {name}",
    "reads a nested or whole-object value of a resource": (
        "liest einen verschachtelten Wert oder ein ganzes Objekt einer Ressource"
    ),
    "reads an output of module {module}, which is not converted": (
        "liest eine Ausgabe des Moduls {module}, das nicht konvertiert wird"
    ),
    (
        "reads {attribute} of {source}; the parameter standing for it holds only the chosen id"
    ): "liest {attribute} von {source}; der Parameter, der dafür steht, enthält nur die gewählte ID",
    "reads the data source {source}, which ROS cannot see": (
        "liest die Datenquelle {source}, die für ROS nicht sichtbar ist"
    ),
    "reads {address}, which is not declared in these files": (
        "liest {address} (in diesen Dateien nicht deklariert)"
    ),
    "reads {address}, which was not converted": "liest {address} (nicht konvertiert)",
    "reads {attribute} of {address}, which has no ROS attribute": (
        "liest {attribute} von {address}, wofür es kein ROS-Attribut gibt"
    ),
    "reads {attribute} of {address}, which it does not set: Terraform gives the provider's default or the computed value there, which ROS has no attribute for": (
        "liest {attribute} von {address}, das die Ressource nicht setzt: Terraform liefert dort den Standardwert des Providers oder den berechneten Wert, wofür ROS kein Attribut hat"
    ),
    "reads {attribute} of {address}, which differs per copy, and the copy or the number of copies is known only at deploy time": (
        "liest {attribute} von {address}, das je Kopie verschieden ist, und die Kopie oder die Zahl der Kopien ist erst beim Bereitstellen bekannt"
    ),
    "{address}: {attribute} is read back as its blocks were given; Terraform's value also has the fields the provider fills in, which this one lacks.": (
        "{address}: {attribute} wird so zurückgelesen, wie die Blöcke angegeben sind; Terraforms Wert enthält auch die Felder, die der Provider ergänzt, und die fehlen hier."
    ),
    "reads {local}, which is not declared": "liest {local} (nicht deklariert)",
    "reads {local}, which refers to itself": "liest {local} (verweist auf sich selbst)",
    "resource {name}": "Ressource {name}",
    "template": "Vorlage",
    "the file ends in the middle of a block or expression": (
        "die Datei endet mitten in einem Block oder Ausdruck"
    ),
    "the range set by {bounds}": "des durch {bounds} festgelegten Bereichs",
    "there are no resources": "es gibt keine Ressourcen",
    "unexpected character {char!r}": "unerwartetes Zeichen {char!r}",
    "unexpected {token!r}": "unerwartetes Token {token!r}",
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged": (
        "verwenden Sie die kompatible Einbettung (wrap_terraform), die die Terraform-Dateien "
        "unverändert bereitstellt"
    ),
    "uses a %{{...}} template directive": "verwendet eine Template-Direktive %{{...}}",
    "uses a splat on a variable or local": (
        "wendet einen Splat-Ausdruck auf eine Variable oder einen lokalen Wert an"
    ),
    "uses {root}, which has no ROS equivalent": (
        "verwendet {root}, wofür es keine ROS-Entsprechung gibt"
    ),
    "{addresses}: {what}, so it was left out; to deploy it, {hint}.": (
        "{addresses}: {what}, daher ausgelassen; zur Bereitstellung {hint}."
    ),
    "{address} is declared twice, in {earlier} and {path}; Terraform rejects this too.": (
        "{address} ist doppelt deklariert, in {earlier} und {path}; auch Terraform lehnt das ab."
    ),
    "{address}: depends_on {item!r} names nothing converted, so it was dropped.": (
        "{address}: depends_on {item!r} verweist auf nichts Konvertiertes und wurde daher entfernt."
    ),
    (
        "{address}: sets nothing that maps to {key}, which {kind} needs; added parameter {name} "
        "for it, to be set when the stack is created."
    ): (
        "{address}: setzt nichts, was {key} entspricht (von {kind} benötigt); dafür wurde der "
        "Parameter {name} hinzugefügt, der beim Erstellen des Stacks festzulegen ist."
    ),
    "{address}: value {expr} {reason}, so the output was left out.": (
        "{address}: Der Wert {expr} {reason}, daher wurde die Ausgabe ausgelassen."
    ),
    (
        "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be set when "
        "the stack is created."
    ): (
        "{address}: {argument} = {expr} {reason}; dafür wurde der Parameter {name} hinzugefügt, "
        "der beim Erstellen des Stacks festzulegen ist."
    ),
    "{address}: {note}.": "{address}: {note}.",
    "{count} ECS instances": "{count} ECS-Instanzen",
    (
        "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order their "
        "creation."
    ): (
        "{count} Einträge hängen zyklisch voneinander ab ({chain}), daher kann ROS ihre Erstellung "
        "nicht in eine Reihenfolge bringen."
    ),
    "{count} error": "{count} Fehler",
    "{count} errors": "{count} Fehler",
    "{count} note": "{count} Hinweis",
    "{count} notes": "{count} Hinweise",
    "{count} warning": "{count} Warnung",
    "{count} warnings": "{count} Warnungen",
    "{directory} is not a directory with Terraform files.": (
        "{directory} ist kein Verzeichnis mit Terraform-Dateien."
    ),
    "{first} and {second}": "{first} und {second}",
    "{first} or {second}": "{first} oder {second}",
    "{first}, {second}": "{first}, {second}",
    "{function} is not a ROS function.": "{function} ist keine ROS-Funktion.",
    "{how} refers to {value}, which is not a resource in this template.": (
        "{how} verweist auf {value}, aber das ist keine Ressource in dieser Vorlage."
    ),
    "{key!r} is not a ROS template section.": "{key!r} ist kein Abschnitt einer ROS-Vorlage.",
    "{key} is {value}, not one of {choices}; converted as {default}": (
        "{key} ist {value}, keiner der Werte {choices}; als {default} konvertiert"
    ),
    "{key} must be a number, not {value}.": "{key} muss eine Zahl sein, nicht {value}.",
    "{key} must be a whole number of characters, not {value}.": (
        "{key} muss eine ganze Zahl (Anzahl Zeichen) sein, nicht {value}."
    ),
    "{key} of resource {name} is {value!r}, which is not among the values the ROS schema lists for {kind}; that list is known to be wrong here.": (
        "{key} der Ressource {name} ist {value!r} und gehört nicht zu den Werten, die das ROS-Schema für {kind} aufführt; diese Liste ist hier bekanntermaßen falsch."
    ),
    "Check the value against the {kind} documentation.": "Prüfen Sie den Wert anhand der Dokumentation von {kind}.",
    "{key} of resource {name} is {value!r}, which {kind} does not accept.": (
        "{key} der Ressource {name} ist {value!r}; diesen Wert akzeptiert {kind} nicht."
    ),
    "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is allowed.": (
        "{low_key} ({low:g}) ist größer als {high_key} ({high:g}), daher ist kein Wert zulässig."
    ),
    "{name} (local)": "{name} (lokale Variable)",
    "{name} depends on itself ({chain}), so it can never be created.": (
        "{name} hängt von sich selbst ab ({chain}) und kann daher nie erstellt werden."
    ),
    "{path} is a symlink to a missing file.": (
        "{path} ist ein symbolischer Link auf eine fehlende Datei."
    ),
    (
        "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace files must be "
        "UTF-8."
    ): (
        "{path} ist kein UTF-8-Text (ungültiges Byte an Offset {offset}); ROS-Workspace-Dateien "
        "müssen UTF-8 sein."
    ),
    "{path} must be text, not {kind}.": "{path} muss Text sein, nicht {kind}.",
    "{path}, line {line}": "{path}, Zeile {line}",
    "{path}, line {line}, column {column}": "{path}, Zeile {line}, Spalte {column}",
    "{section} must be a string, not {value}.": (
        "{section} muss eine Zeichenkette sein, nicht {value}."
    ),
    "{type} has no native ROS mapping here": "{type} hat hier keine native ROS-Zuordnung",
    "{variable} is used but not declared; added it as a String parameter.": (
        "{variable} wird verwendet, ist aber nicht deklariert; als String-Parameter hinzugefügt."
    ),
    "{where}: not valid HCL ({what}).": "{where}: kein gültiges HCL ({what}).",
    "calls {function}() with arguments it cannot use": "ruft {function}() mit Argumenten auf, die es nicht verwenden kann",
    "calls {function}(), which has no ROS equivalent here": "ruft {function}() auf, wofür es hier keine ROS-Entsprechung gibt",
    "has a condition that is not true or false": "hat eine Bedingung, die weder true noch false ist",
    "has an object key that is not known in advance": "hat einen Objektschlüssel, der vorab nicht bekannt ist",
    "is a comparison that is only known at deploy time": "ist ein Vergleich, der erst bei der Bereitstellung bekannt ist",
    "is a for expression over a value known only at deploy time": "ist ein for-Ausdruck über einen Wert, der erst bei der Bereitstellung bekannt ist",
    "is a for expression whose filter is known only at deploy time": "ist ein for-Ausdruck, dessen Filter erst bei der Bereitstellung bekannt ist",
    "is an expression this converter does not read": "ist ein Ausdruck, den dieser Konverter nicht liest",
    "it is given {count} times, and ROS takes one": "es ist {count}-mal angegeben, und ROS nimmt eines",
    "its count is 0": "sein count ist 0",
    "its for_each is not a list, set or map known before deployment": "sein for_each ist keine vor der Bereitstellung bekannte Liste, Menge oder Map",
    "its for_each {reason}": "sein for_each {reason}",
    "its source {source!r} has no .tf files in the workspace": "seine Quelle {source!r} hat keine .tf-Dateien im Arbeitsbereich",
    "its source {source!r} is not a local module, and its code is not guessed": "seine Quelle {source!r} ist kein lokales Modul, und sein Code wird nicht geraten",
    "its source {source!r} lies outside the workspace": "seine Quelle {source!r} liegt außerhalb des Arbeitsbereichs",
    "its character set is not known in the files, or it has fewer characters than character classes (ROS puts each class in at least once)": "sein Zeichensatz ist in den Dateien nicht bekannt, oder es hat weniger Zeichen als Zeichenklassen (ROS setzt jede Klasse mindestens einmal ein)",
    "its min and max are not literal whole numbers from 0 up": "sein min und max sind keine literalen ganzen Zahlen ab 0",
    "keepers not converted (ROS keeps the value for the stack's life)": "keepers wird nicht konvertiert (ROS behält den Wert für die Lebensdauer des Stacks)",
    "the password is an attribute of the stack (ALIYUN::RandomString), which Terraform marks sensitive": "das Passwort ist ein Attribut des Stacks (ALIYUN::RandomString), das Terraform als sensibel kennzeichnet",
    "{address} became {name}, the UUID ROS gives each stack.": "{address} wurde zu {name}, der UUID, die ROS jedem Stack gibt.",
    "{name} is known only at deploy time; converted as true": "{name} ist erst beim Bereitstellen bekannt; als true konvertiert",
    "The folders a conversion reads hold more than {limit} entries; convert a smaller folder.": "Die Ordner, die eine Konvertierung liest, enthalten mehr als {limit} Einträge; konvertieren Sie einen kleineren Ordner.",
    "The module folder {path} is a symlink to a place outside the workspace, which is not followed.": "Der Modulordner {path} ist ein symbolischer Link auf einen Ort außerhalb des Arbeitsbereichs, dem nicht gefolgt wird.",
    "The root module {root} is at the top of the Workspace, as ROS runs it; the {count} other files it needs are under {outside}/ with their workspace paths, and the module sources naming them were rewritten to match.": "Das Root-Modul {root} liegt oben im Workspace, wie ROS es ausführt; die {count} weiteren Dateien, die es braucht, liegen mit ihren Pfaden im Arbeitsbereich unter {outside}/, und die Modulquellen, die sie nennen, wurden entsprechend umgeschrieben.",
    "The workspace has more than {limit} Terraform files where a conversion looks; convert a smaller folder.": "Der Arbeitsbereich hat dort, wo eine Konvertierung sucht, mehr als {limit} Terraform-Dateien; konvertieren Sie einen kleineren Ordner.",
    "There is no .tf file in the root module folder {root}.": "Im Ordner des Root-Moduls {root} gibt es keine .tf-Datei.",
    "{path} is a symlink to a place outside the Terraform directory, which is not followed; copy the file into the directory instead.": "{path} ist ein symbolischer Link auf einen Ort außerhalb des Terraform-Verzeichnisses, dem nicht gefolgt wird; kopieren Sie die Datei stattdessen in das Verzeichnis.",
    "{path} is a symlink to a place outside the workspace, which is not followed; copy the file into the workspace instead.": "{path} ist ein symbolischer Link auf einen Ort außerhalb des Arbeitsbereichs, dem nicht gefolgt wird; kopieren Sie die Datei stattdessen in den Arbeitsbereich.",
    "{path} is not a folder with .tf files (a root module).": "{path} ist kein Ordner mit .tf-Dateien (ein Root-Modul).",
    '{path}: the source of module {name} could not be rewritten for the Workspace (write it as source = "..." on a line of its own), so the root module cannot be moved to the top of the Workspace.': '{path}: Die Quelle des Moduls {name} konnte für den Workspace nicht umgeschrieben werden (schreiben Sie sie als source = "..." in eine eigene Zeile), daher kann das Root-Modul nicht nach oben in den Workspace verschoben werden.',
    "its value is computed JSON text, which ROS needs as an object": "sein Wert ist berechneter JSON-Text, den ROS als Objekt braucht",
    "its value is computed, so its nested arguments cannot be mapped": "sein Wert wird berechnet, daher lassen sich seine verschachtelten Argumente nicht zuordnen",
    "its value is not JSON text": "sein Wert ist kein JSON-Text",
    "it has {count} items, and ROS takes {wanted}": "es hat {count} Einträge, und ROS nimmt {wanted}",
    "it is {value!r}, not one of {choices}": "es ist {value!r}, keiner von {choices}",
    "its JSON text nests too deeply to read": "sein JSON-Text ist zu tief verschachtelt, um ihn zu lesen",
    "its value is not a map, which this rule needs": "sein Wert ist keine Map, die diese Regel braucht",
    "reads a whole resource, which has no ROS value": "liest eine ganze Ressource, die keinen ROS-Wert hat",
    "sorter_type {kind!r} has no ROS form": "sorter_type {kind!r} hat keine ROS-Form",
    "the mapping rules do not know it": "die Zuordnungsregeln kennen es nicht",
    "the vendor's rule for it cannot be followed ({why})": "die Regel des Herstellers dafür lässt sich nicht befolgen ({why})",
    "{address} calls the module {source!r} within itself.": "{address} ruft das Modul {source!r} in sich selbst auf.",
    "{address} nests modules more than {limit} deep, which is not converted.": "{address} verschachtelt Module mehr als {limit} Ebenen tief; das wird nicht konvertiert.",
    "{address}: for_each over {variable} was unrolled over its default, so a different value at deploy time is not followed.": "{address}: for_each über {variable} wurde über dessen Standardwert entfaltet; ein anderer Wert bei der Bereitstellung wird daher nicht berücksichtigt.",
    "{address}: the dynamic block {name} was not converted ({reason}).": "{address}: der dynamic-Block {name} wurde nicht konvertiert ({reason}).",
    "{address}: {arguments} not converted ({reason}), so the ROS resource uses its defaults there.": "{address}: {arguments} nicht konvertiert ({reason}), daher verwendet die ROS-Ressource dort ihre Standardwerte.",
    "{address}: {note}": "{address}: {note}",
    "{address}: {what}, so it was left out.": "{address}: {what}, daher wurde es weggelassen.",
    "{address}: {why}, so it was left out; {hint}.": "{address}: {why}, daher wurde es weggelassen; {hint}.",
    "{address}: {why}, so its resources were left out; {hint}.": "{address}: {why}, daher wurden seine Ressourcen weggelassen; {hint}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out.": "{found} Terraform-Ressourcen: {native} nativ konvertiert, {lossy} mit Verlusten konvertiert, {dropped} weggelassen.",
    "{path}: module {name} has the remote source {source!r}, which is not in the Workspace; ROS must download it when it deploys the stack.": "{path}: Modul {name} hat die entfernte Quelle {source!r}, die nicht im Workspace liegt; ROS muss sie bei der Bereitstellung des Stacks herunterladen.",
    "{path}: module {name} has the source {source!r}, which is not in the Workspace, so the stack fails when Terraform initialises; wrap the directory that contains the module instead.": "{path}: Modul {name} hat die Quelle {source!r}, die nicht im Workspace liegt, daher scheitert der Stack bei der Initialisierung von Terraform; verpacken Sie stattdessen das Verzeichnis, das das Modul enthält.",
    "{source} became parameter {name}, chosen when the stack is created.": "{source} wurde zum Parameter {name}, der beim Erstellen des Stacks gewählt wird.",
    "{type} has no property for it": "{type} hat keine Eigenschaft dafür",
    "{type} has no property {name}": "{type} hat keine Eigenschaft {name}",
    "{variable}: the validation {condition} has no ROS parameter constraint, so ROS does not check it when the stack is created.": "{variable}: die Validierung {condition} hat keine ROS-Parameterbeschränkung, daher prüft ROS sie beim Erstellen des Stacks nicht.",
    "the vendor's rules leave it out, though {type} has a property {name}": "die Regeln des Herstellers lassen es aus, obwohl {type} eine Eigenschaft {name} hat",
    "the vendor's rules say ROS has no property for it": "laut den Regeln des Herstellers hat ROS keine Eigenschaft dafür",
    "The Terraform nests values or expressions too deeply to convert.": "Das Terraform verschachtelt Werte oder Ausdrücke zu tief, um es zu konvertieren.",
    "its for_each has {count} items, more than {limit}": "sein for_each hat {count} Einträge, mehr als {limit}",
    "passes template variables that are not known in advance": "übergibt Template-Variablen, die vorab nicht bekannt sind",
    "reads a file that is not in the Terraform files it was given": "liest eine Datei, die nicht unter den übergebenen Terraform-Dateien ist",
    "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.": "Es wurden {count} Terraform-Dateien übergeben; ROS akzeptiert höchstens {limit} Workspace-Dateien.",
    "its count is not a number known before deployment": "sein count ist keine vor der Bereitstellung bekannte Zahl",
    "{address}: count was computed from the default of {variable}, so a different value at deploy time is not followed.": "{address}: count wurde aus dem Standardwert von {variable} berechnet; ein anderer Wert bei der Bereitstellung wird daher nicht berücksichtigt.",
    "Base the expression on parameters (Ref to a parameter) and literal values.": "Bilden Sie den Ausdruck aus Parametern (Ref auf einen Parameter) und festen Werten.",
    "Check the name in the ROS resource type list.": "Prüfen Sie den Namen in der Liste der ROS-Ressourcentypen.",
    "Fn::Select index {index} is out of range for a list of {count} items.": "Der Fn::Select-Index {index} liegt außerhalb einer Liste mit {count} Einträgen.",
    "Give Fn::Select a list that is not empty.": "Geben Sie Fn::Select eine Liste, die nicht leer ist.",
    "Give {key} a value of type {wanted}, or a function that returns one.": "Geben Sie {key} einen Wert vom Typ {wanted} oder eine Funktion, die einen solchen liefert.",
    "Remove it; {owner} takes: {listing}.": "Entfernen Sie sie; {owner} kennt: {listing}.",
    "Resource {name} has the type {kind!r}, which the ROS schema does not list.": "Die Ressource {name} hat den Typ {kind!r}, den das ROS-Schema nicht kennt.",
    "Use an index from 0 to {last}.": "Verwenden Sie einen Index von 0 bis {last}.",
    "Use {choices} if that is what you meant, or check the name in the ROS resource type list.": "Verwenden Sie {choices}, wenn Sie das gemeint haben, oder prüfen Sie den Namen in der Liste der ROS-Ressourcentypen.",
    "Use {choices} if that is what you meant, or remove it.": "Verwenden Sie {choices}, wenn Sie das gemeint haben, oder entfernen Sie sie.",
    "Write it as {function}: {shape}.": "Schreiben Sie es als {function}: {shape}.",
    "{function} takes {shape}, not {value}.": "{function} erwartet {shape}, nicht {value}.",
    "{key!r} is not a property of {owner} in the ROS schema.": "{key!r} ist laut ROS-Schema keine Eigenschaft von {owner}.",
    "{owner} is missing the required property {key}.": "{owner} fehlt die Pflichteigenschaft {key}.",
    "{owner} must be {wanted}, not {value}.": "{owner} muss {wanted} sein, nicht {value}.",
    "{section} cannot use {what}: they are evaluated before any resource exists.": "{section} kann {what} nicht verwenden: sie werden ausgewertet, bevor eine Ressource existiert.",
    # iaccode/iac/block_read.py, block_answer.py, blocks.py: the request accounted for
    "2 instances in 2 zones for high availability": "2 Instanzen in 2 Zonen für Hochverfügbarkeit",
    "Applied from the request:": "Aus der Anfrage übernommen:",
    "Not applied:": "Nicht übernommen:",
    "Nothing was built, because the request cannot be honoured as asked:": "Es wurde nichts erstellt, weil die Anfrage so nicht erfüllt werden kann:",
    "Nothing was built: no building block covers these parts of the request:": "Es wurde nichts erstellt: Kein Baustein deckt diese Teile der Anfrage ab:",
    "One template deploys to one region, and the request names {regions}.": "Eine Vorlage wird in genau eine Region bereitgestellt, die Anfrage nennt aber {regions}.",
    "The llm engine (`engine: llm`) can write what is not applied.": "Die llm-Engine (`engine: llm`) kann schreiben, was nicht übernommen wurde.",
    "The request both asks for and rules out public access.": "Die Anfrage verlangt öffentlichen Zugang und schließt ihn zugleich aus.",
    "The request gives no exact count ({words}); say how many, from 1 to {most}.": "Die Anfrage nennt keine genaue Anzahl ({words}); sagen Sie, wie viele, von 1 bis {most}.",
    "The request rules out a {what}, which the resources it asks for need.": "Die Anfrage schließt {what} aus, was die angefragten Ressourcen brauchen.",
    "The request rules out port(s) {ports}, which the load balancer would need.": "Die Anfrage schließt Port(s) {ports} aus, die der Load Balancer bräuchte.",
    "a NAT gateway with an elastic IP and SNAT": "ein NAT-Gateway mit elastischer IP und SNAT",
    "a PolarDB {engine} {version} cluster": "ein PolarDB-{engine}-{version}-Cluster",
    "a RAM role for {service}": "eine RAM-Rolle für {service}",
    "a Redis {version} instance": "eine Redis-{version}-Instanz",
    "a log project with a logstore": "ein Log-Projekt mit einem Logstore",
    "an elastic IP is built for instances or a NAT gateway": "eine elastische IP wird für Instanzen oder ein NAT-Gateway erstellt",
    "an elastic IP per instance": "eine elastische IP je Instanz",
    "an internal (intranet) load balancer": "ein interner Load Balancer (Intranet)",
    "database storage of {size} GB": "Datenbankspeicher von {size} GB",
    "disks, instance type or image": "Datenträger, Instanztyp oder Image",
    "image {image}": "Image {image}",
    "instance type {type}": "Instanztyp {type}",
    "logs kept {days} days": "Logs werden {days} Tage aufbewahrt",
    "name {name}": "Name {name}",
    "no current instance type matches exactly; choose one in the InstanceType parameter": "kein aktueller Instanztyp passt genau; wählen Sie einen im Parameter InstanceType",
    "no public image id for it is known offline; choose it in the ImageId parameter": "offline ist keine öffentliche Image-ID dafür bekannt; wählen Sie es im Parameter ImageId",
    "not a valid resource name": "ist kein gültiger Ressourcenname",
    "not opened, as asked: port(s) {ports}": "wie gewünscht nicht geöffnet: Port(s) {ports}",
    "offline I write ROS (YAML or JSON) or Terraform": "offline schreibe ich ROS (YAML oder JSON) oder Terraform",
    "one VPC CIDR per template: {first} is used": "ein VPC-CIDR je Vorlage: {first} wird verwendet",
    "one image per template": "ein Image je Vorlage",
    "one instance type per template: {first} is the default": "ein Instanztyp je Vorlage: {first} ist die Vorgabe",
    "one source CIDR per template: {first} is used": "ein Quell-CIDR je Vorlage: {first} wird verwendet",
    "port(s) {ports} open only to the AdminCidr parameter, which you fill in": "Port(s) {ports} nur für den Parameter AdminCidr geöffnet, den Sie ausfüllen",
    "port(s) {ports} open to {source} only": "Port(s) {ports} nur für {source} geöffnet",
    "public bandwidth is 1 to 100 Mbps and needs a public IP": "die öffentliche Bandbreite beträgt 1 bis 100 Mbit/s und braucht eine öffentliche IP",
    "public bandwidth {mbps} Mbps": "öffentliche Bandbreite {mbps} Mbit/s",
    "storage is set for an RDS database only": "Speicher wird nur für eine RDS-Datenbank festgelegt",
    "system disk of {size} GB": "Systemdatenträger von {size} GB",
    "tags {tags}": "Tags {tags}",
    "the building blocks have no {product}; the llm engine can write it": "die Bausteine enthalten kein {product}; die llm-Engine kann es schreiben",
    "the instance type named in the request decides the size": "der in der Anfrage genannte Instanztyp bestimmt die Größe",
    "the request does not say which disk or storage the size is for": "die Anfrage sagt nicht, zu welchem Datenträger oder Speicher die Größe gehört",
    "they belong to ECS instances, and the request asks for none": "sie gehören zu ECS-Instanzen, und die Anfrage verlangt keine",
    "vSwitches in 2 zones for high availability": "vSwitches in 2 Zonen für Hochverfügbarkeit",
    "web port(s) {ports} open to the VPC": "Web-Port(s) {ports} für die VPC geöffnet",
    "web port(s) {ports} open to the internet": "Web-Port(s) {ports} für das Internet geöffnet",
    "zones {zones}": "Zonen {zones}",
    "{count} data disk(s) of {sizes} GB": "{count} Datenträger mit {sizes} GB",
    "{cpu} vCPUs": "{cpu} vCPUs",
    "{mbps} Mbps": "{mbps} Mbit/s",
    "{part}: {reason}": "{part}: {reason}",
    "{size} GB": "{size} GB",
    "Format: {format}.": "Format: {format}.",
    "the Terraform rules have no counterpart, so the configuration leaves it out": "die Terraform-Regeln haben kein Gegenstück, daher lässt die Konfiguration es weg",
    "a Kubernetes cluster with {count} nodes": "ein Kubernetes-Cluster mit {count} Knoten",
    "an application load balancer": "ein Application Load Balancer",
    "an auto scaling group of {low} to {high} instances": "eine Autoskalierungsgruppe mit {low} bis {high} Instanzen",
    "At most {most} ECS instances per template.": "Höchstens {most} ECS-Instanzen je Vorlage.",
    "Redis {version} is not offered; use one of: {versions}.": "Redis {version} wird nicht angeboten; verwenden Sie eine von: {versions}.",
    "A load balancer needs a listener port, and the request rules out 80 and 443.": "Ein Load Balancer braucht einen Listener-Port, und die Anfrage schließt 80 und 443 aus.",
    "An application load balancer listens on 80 or 443, and the request rules out both.": "Ein Application Load Balancer lauscht auf 80 oder 443, und die Anfrage schließt beide aus.",
    "elastic IP bandwidth {mbps} Mbps": "Bandbreite der elastischen IP {mbps} Mbit/s",
    "every port open is not built; name the ports to open": "alle Ports werden nicht geöffnet; nennen Sie die Ports, die offen sein sollen",
    "log-in with a key pair (the KeyPairName parameter)": "Anmeldung mit einem Schlüsselpaar (Parameter KeyPairName)",
    "the building blocks create resources only; the llm engine can add it": "die Bausteine erstellen nur Ressourcen; die llm-Engine kann es ergänzen",
    "a source CIDR limits opened ports, and the request opens none": "ein Quell-CIDR beschränkt geöffnete Ports, und die Anfrage öffnet keine",
    "database reachable from {source} only": "Datenbank nur von {source} erreichbar",
    "has a condition on a resource's value, which ROS evaluates before any resource exists": "hat eine Bedingung auf den Wert einer Ressource, die ROS auswertet, bevor es Ressourcen gibt",
    "Rule {name} must be a mapping with Assertions, not {value}.": "Die Regel {name} muss eine Zuordnung mit Assertions sein, nicht {value}.",
    "Rule {name} has the unknown key {key!r}.": "Die Regel {name} hat den unbekannten Schlüssel {key!r}.",
    "Rule {name} needs a list of Assertions, not {value}.": "Die Regel {name} braucht eine Liste von Assertions, nicht {value}.",
    "Assertion {index} of rule {name} must have Assert (and may have AssertDescription), not {value}.": "Die Assertion {index} der Regel {name} muss Assert haben (und darf AssertDescription haben), nicht {value}.",
    "Write the rule as a mapping with Assertions: a list of entries with Assert and AssertDescription.": "Schreiben Sie die Regel als Zuordnung mit Assertions: einer Liste von Einträgen mit Assert und AssertDescription.",
    # Architecture diagrams (iaccode.iac.diagram*, iaccode.agent.diagrams)
    "There is no diagram: the template has {count} entries, more than the {limit} a diagram can show.": "Es gibt kein Diagramm: Die Vorlage hat {count} Einträge, mehr als die {limit}, die ein Diagramm zeigen kann.",
    "There is no diagram: the template is not a mapping of sections.": "Es gibt kein Diagramm: Die Vorlage ist keine Zuordnung von Abschnitten.",
    "There is no diagram: the template has no resources.": "Es gibt kein Diagramm: Die Vorlage hat keine Ressourcen.",
    "There is no diagram: the template has {count} references, more than the {limit} a diagram can show.": "Es gibt kein Diagramm: Die Vorlage hat {count} Verweise, mehr als die {limit}, die ein Diagramm zeigen kann.",
    "Architecture of the template: {count} resources": "Architektur der Vorlage: {count} Ressourcen",
    "There is no diagram: the template could not be read.": "Es gibt kein Diagramm: Die Vorlage konnte nicht gelesen werden.",
    "Outside any VPC": "Außerhalb jeder VPC",
    "VPC {name}": "VPC {name}",
    "vSwitch {name}": "vSwitch {name}",
    "Not defined in this template": "In dieser Vorlage nicht definiert",
    "Parameter {name}": "Parameter {name}",
    "Output {name}": "Ausgabe {name}",
    "{name} (not defined)": "{name} (nicht definiert)",
    "Parameter": "Parameter",
    "Output": "Ausgabe",
    "not defined": "nicht definiert",
    "Parameters": "Parameter",
    "Outputs": "Ausgaben",
    "The {key} of parameter {name} uses {function}, but ROS does not evaluate functions in Parameters.": "{key} von Parameter {name} verwendet {function}, aber ROS wertet in Parameters keine Funktionen aus.",
    "Write a literal value there, and compute derived values with the function where the parameter is used (Resources, Outputs or Locals).": "Schreiben Sie dort einen festen Wert und berechnen Sie abgeleitete Werte mit der Funktion dort, wo der Parameter verwendet wird (Resources, Outputs oder Locals).",
    "public IP": "öffentliche IP",
    "all instances share one network setting, and the request keeps some private": "alle Instanzen teilen eine Netzwerkeinstellung, und die Anfrage hält einige privat",
    "a port range is not built; name the ports to open": "ein Portbereich wird nicht geöffnet; nennen Sie die Ports, die offen sein sollen",
    "The application load balancer listens on 80 or 443 here, and the request asks for port(s) {ports}.": "Der Application Load Balancer lauscht hier auf 80 oder 443, und die Anfrage verlangt Port(s) {ports}.",
    "a node count is built for a Kubernetes cluster only": "eine Knotenzahl wird nur für einen Kubernetes-Cluster umgesetzt",
    "Redis reachable from {source} only": "Redis nur von {source} erreichbar",
    "the Redis block sets no whitelist; set it on the instance after creation": "der Redis-Baustein setzt keine Whitelist; setzen Sie sie nach dem Erstellen an der Instanz",
    "The Terraform's locals read each other more than {limit} times (local.{name} among them), which grows without bound; convert a smaller configuration.": "Die Locals der Terraform-Konfiguration lesen einander mehr als {limit} Mal (darunter local.{name}), was ohne Grenze wächst; konvertieren Sie eine kleinere Konfiguration.",
    "local.{name} is {size} characters long, more than the {limit} a converted template can carry.": "local.{name} ist {size} Zeichen lang, mehr als die {limit}, die eine konvertierte Vorlage tragen kann.",
    "indexes {address} by the key {key!r}, which is not a copy's number": "indiziert {address} mit dem Schlüssel {key!r}, der keine Nummer einer Kopie ist",
    "The root module and the local modules it calls have {count} files, more than {limit} (ROS accepts at most 50 Workspace files); remove unused files or raise the limit.": "Das Root-Modul und die lokalen Module, die es aufruft, haben {count} Dateien, mehr als {limit} (ROS akzeptiert höchstens 50 Workspace-Dateien); entfernen Sie unbenutzte Dateien oder erhöhen Sie das Limit.",
    "local.{name} grows to more than {limit} values as the locals read each other, more than a converted template can carry; convert a smaller configuration.": "local.{name} wächst auf mehr als {limit} Werte, weil die Locals einander lesen, mehr als eine konvertierte Vorlage tragen kann; konvertieren Sie eine kleinere Konfiguration.",
    "reads {address}, whose values are known only at deploy time": "liest {address}, dessen Werte erst beim Bereitstellen bekannt sind",
    "{address} asks for {count} copies; a ROS stack holds at most {limit} resources, so the configuration is not converted. Lower the count or split the configuration into several stacks.": "{address} verlangt {count} Kopien; ein ROS-Stack fasst höchstens {limit} Ressourcen, daher wird die Konfiguration nicht konvertiert. Senken Sie die Anzahl oder teilen Sie die Konfiguration auf mehrere Stacks auf.",
    "{address} is sensitive, and ROS shows every output's value to whoever can read the stack, so the output was left out.": "{address} ist vertraulich (sensitive), und ROS zeigt den Wert jeder Ausgabe allen, die den Stack lesen dürfen; daher wurde die Ausgabe ausgelassen.",
    "{address}: the dynamic block {name} was repeated over the default of {variable}, so a different value at deploy time is not followed.": "{address}: der dynamische Block {name} wurde über den Standardwert von {variable} wiederholt; ein anderer Wert beim Bereitstellen wird daher nicht berücksichtigt.",
    "The module instances and resource copies add up to more than {limit} (reached at {address}); a ROS stack holds at most 300 resources, so the configuration is not converted. Lower the counts or split the configuration into several stacks.": "Die Modulinstanzen und Ressourcenkopien ergeben zusammen mehr als {limit} (erreicht bei {address}); ein ROS-Stack fasst höchstens 300 Ressourcen, daher wird die Konfiguration nicht konvertiert. Senken Sie die Anzahlen oder teilen Sie die Konfiguration auf mehrere Stacks auf.",
    "{address}: its for_each is empty, so it was left out.": "{address}: sein for_each ist leer, daher wurde es ausgelassen.",
    "its value is computed, and ROS needs it as JSON text": "sein Wert wird berechnet, und ROS braucht ihn als JSON-Text",
    "indexes a list of {size} items at {index}": "indiziert eine Liste mit {size} Einträgen an der Stelle {index}",
    "{address}: {argument} = {expr}: one branch {reason}, which Terraform rejects when it is taken, so the template always uses the other one.": "{address}: {argument} = {expr}: ein Zweig {reason}, was Terraform ablehnt, wenn er gewählt wird; die Vorlage verwendet daher immer den anderen.",
    "calls cidrsubnet() on a value known only when the stack is created": "ruft cidrsubnet() mit einem Wert auf, der erst beim Anlegen des Stacks bekannt ist",
    "calls cidrsubnet() on an IPv6 network, computed for IPv4 only": "ruft cidrsubnet() für ein IPv6-Netz auf; berechnet wird nur IPv4",
    "{address}: its type {expr} is known only at deploy time, so it became {ingress} and {egress}, each created only when the type has its direction.": "{address}: ihr type {expr} ist erst beim Bereitstellen bekannt, daher wurde sie zu {ingress} und {egress}, die jeweils nur angelegt werden, wenn type ihre Richtung hat.",
    "calls cidrsubnet() with arguments it cannot use": "ruft cidrsubnet() mit Argumenten auf, die es nicht verwenden kann",
    "calls cidrsubnet() with newbits or netnum not literal": "ruft cidrsubnet() mit newbits oder netnum auf, die keine Literale sind",
    "name_regex {pattern!r} is read as the exact name {name!r}; Terraform matched every name containing it": "name_regex {pattern!r} wird als genauer Name {name!r} gelesen; Terraform fand jeden Namen, der ihn enthält",
    "reads {attribute} of {source}, which {type} has no attribute for": "liest {attribute} von {source}, wofür {type} kein Attribut hat",
    "{argument} is not converted; the template reads the first item ROS lists": "{argument} wird nicht konvertiert; die Vorlage liest den ersten Eintrag, den ROS liefert",
    "{source} became the ROS data source {name} ({type}), read when the stack is created.": "{source} wurde zur ROS-Datenquelle {name} ({type}), die beim Erstellen des Stacks gelesen wird.",
    "{source}: {note}.": "{source}: {note}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out, {not_created} not created (count 0).": "{found} Terraform-Ressourcen: {native} nativ konvertiert, {lossy} mit Verlusten konvertiert, {dropped} ausgelassen, {not_created} nicht erstellt (count 0).",
    "another argument already gives {path} a value": "ein anderes Argument gibt {path} schon einen Wert",
    "{address}: left out {arguments}, Terraform's own settings for how it applies changes (a dry run, a forced update or delete, the language of the API's answers); ROS has no such setting and creates the same resource without them.": "{address}: {arguments} ausgelassen, die nur steuern, wie Terraform Änderungen anwendet (ein Probelauf, ein erzwungenes Aktualisieren oder Löschen, die Sprache der API-Antworten); ROS hat keine solche Einstellung und erstellt ohne sie dieselbe Ressource.",
    "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but {tf_type} has no argument for {missing}, which {ros_type} needs: it is another resource": "die Regeln des Herstellers bilden {tf_type} auf {ros_type} ab, den Typ, den {other} erstellt, aber {tf_type} hat kein Argument für {missing}, das {ros_type} braucht: es ist eine andere Ressource",
    "{type} takes {kind} for {name}": "{type} nimmt für {name} {kind}",
    "{path} of {type} has no field for it": "{path} von {type} hat kein Feld dafür",
    "{address}: {arguments} placed by the ROS schema's property names (the vendor's rules leave them out).": "{address}: {arguments} nach den Eigenschaftsnamen des ROS-Schemas zugeordnet (die Regeln des Herstellers lassen sie aus).",
    "reads a whole item of {source}, which {type} lists by id only": "liest einen ganzen Eintrag von {source}, den {type} nur als ID liefert",
    "{address}: {key} not converted ({reason}); added parameter {name} for it, to be set when the stack is created.": "{address}: {key} nicht konvertiert ({reason}); dafür wurde der Parameter {name} hinzugefügt, der beim Erstellen des Stacks festzulegen ist.",
    "{expr} reads {source} at a computed index; parameter {name} stands for one chosen value, which every read gets.": "{expr} liest {source} an einem berechneten Index; der Parameter {name} steht für einen gewählten Wert, den jeder Zugriff erhält.",
    "{type} takes only {choices} for {name}, not {value!r}": "{type} nimmt für {name} nur {choices}, nicht {value!r}",
    "{source} became parameter {name}, chosen when the stack is created from the region's zones; Terraform listed only those where {service} is sold.": "{source} wurde zum Parameter {name}, der beim Erstellen des Stacks aus den Zonen der Region gewählt wird; Terraform listete nur die, in denen {service} angeboten wird.",
    "divides by zero": "teilt durch null",
    "is text with a value known only at deploy time": "ist Text mit einem Wert, der erst beim Bereitstellen bekannt ist",
    "it is known only at deploy time, and ROS takes the number in it": "er ist erst beim Bereitstellen bekannt, und ROS nimmt die Zahl darin",
    "it is not a license code of the form bhah_ent_<assets>_asset": "es ist kein Lizenzcode der Form bhah_ent_<assets>_asset",
    "reads a data source": "liest eine Datenquelle",
    "reads {source}, which has count, not as its one copy [0]": "liest {source}, das count hat, nicht als seine eine Kopie [0]",
    "reads {source}, whose count is 0": "liest {source}, dessen count 0 ist",
    "reads {source}, whose count is not 1, 0 or a choice of them": "liest {source}, dessen count weder 1 noch 0 noch eine Wahl zwischen beiden ist",
    "{address}: {arguments} became {name} ({type}), a resource of its own, as the provider applies them with a call of their own.": "{address}: {arguments} wurde zu {name} ({type}), einer eigenen Ressource, da der Provider sie mit einem eigenen Aufruf anwendet.",
    "{type} would need one copy per item of {argument} in each copy of the resource, which ROS's Count cannot say": "{type} bräuchte in jeder Kopie der Ressource eine Kopie je Element von {argument}, was ROS' Count nicht ausdrücken kann",
    "it repeats a block over copies known only at deploy time, which ROS cannot list here": "er wiederholt einen Block über Kopien, die erst beim Bereitstellen bekannt sind, was ROS hier nicht als Liste schreiben kann",
    "ROS cannot compute the blocks from the parameter there": "ROS kann die Blöcke dort nicht aus dem Parameter berechnen",
    "the dynamic block {name} was repeated over the default of {variable} ({reason}), so a different value at deploy time is not followed.": "der dynamische Block {name} wurde über den Standardwert von {variable} wiederholt ({reason}), daher wird ein anderer Wert beim Bereitstellen nicht übernommen.",
    "reads a file whose path is only known at deploy time": "liest eine Datei, deren Pfad erst bei der Bereitstellung bekannt ist",
    "The configuration reads {path}, which is not in the Workspace (missing, or not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.": "Die Konfiguration liest {path}, das nicht im Workspace liegt (fehlt oder ist kein UTF-8-Text), daher kann Terraform es nicht lesen, wenn ROS den Stack bereitstellt.",
    "The path {path} names {file} from the root module's folder; with the root module at the top of the Workspace it no longer leads there, so Terraform fails to read it when ROS deploys the stack; copy the file into that folder.": "Der Pfad {path} bezeichnet {file} vom Ordner des Root-Moduls aus; mit dem Root-Modul oben im Workspace führt er nicht mehr dorthin, daher kann Terraform die Datei nicht lesen, wenn ROS den Stack bereitstellt; kopieren Sie die Datei in diesen Ordner.",
    "its path is only known at deploy time, when ROS cannot read a local file": "sein Pfad ist erst bei der Bereitstellung bekannt, wenn ROS keine lokale Datei lesen kann",
    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added for the same value.": "{address}: {argument} = {expr} {reason}; es verwendet den Parameter {name}, der für denselben Wert hinzugefügt wurde.",
    "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not and Fn::Equals there, with the functions its reference lists inside them.": "Conditions können {function} nicht verwenden: ROS wertet dort nur Fn::And, Fn::Or, Fn::Not und Fn::Equals aus, darin die Funktionen, die seine Referenz aufführt.",
    "Compute the value in the property instead (Fn::If, Fn::Jq), or test the parameters with Fn::Equals.": "Berechnen Sie den Wert stattdessen in der Eigenschaft (Fn::If, Fn::Jq), oder prüfen Sie die Parameter mit Fn::Equals.",
    "has a test that ROS cannot evaluate in its Conditions (a value of each copy, or a function of the stack's creation)": "hat einen Test, den ROS in seinen Conditions nicht auswerten kann (ein Wert jeder Kopie oder eine Funktion der Stack-Erstellung)",
    "the vendor's rules send it to {name}, which {path} of {type} does not have": "die Regeln des Anbieters schicken es an {name}, das {path} von {type} nicht hat",
    "written blocks stand beside it": "daneben stehen ausgeschriebene Blöcke",
    "its test is no Condition ROS can evaluate": "sein Test ist keine Condition, die ROS auswerten kann",
    "the dynamic block {name} was repeated over the default of {variable}, since its test {test} {reason}, so a different value at deploy time is not followed.": "der dynamische Block {name} wurde über den Standardwert von {variable} wiederholt, da sein Test {test} {reason}; ein anderer Wert bei der Bereitstellung wird daher nicht berücksichtigt.",
    "its {argument} names no resource this template creates, and ROS sets it on the instance only": "sein {argument} nennt keine Ressource, die diese Vorlage erstellt, und ROS setzt es nur an der Instanz",
    "makes copies, which ROS cannot write into one instance": "erzeugt Kopien, die ROS nicht in eine Instanz schreiben kann",
    "{address} became {properties} of {name}, as ROS sets it on the instance.": "{address} wurde zu {properties} von {name}, da ROS es an der Instanz setzt.",
    "{address}: where {argument} names another instance than {name} (an existing one), ROS cannot set this on it.": "{address}: wo {argument} eine andere Instanz als {name} nennt (eine bestehende), kann ROS dies dort nicht setzen.",
    "{argument} = {expr} {reason}": "{argument} = {expr} {reason}",
    "ROS requires {name}": "ROS verlangt {name}",
    "it names a copy of an instance with Count, which ROS sets as one": "es nennt eine Kopie einer Instanz mit Count, die ROS als eine setzt",
    "it names {name} only where {name} is not created": "es nennt {name} nur dort, wo {name} nicht erstellt wird",
    "it does not set {fields}, which {name} of {type} needs": "es setzt {fields} nicht, was {name} von {type} braucht",
    "{address}: {arguments} not converted, as {name} already has a value there (its own, or another policy's); Terraform would change it once the instance exists.": "{address}: {arguments} nicht konvertiert, da {name} dort schon einen Wert hat (seinen eigenen oder den einer anderen Richtlinie); Terraform würde ihn ändern, sobald die Instanz besteht.",
}
