"""Portuguese translations of the IaC texts: English template -> Portuguese template."""

TEXTS: dict[str, str] = {
    "data disk category {category}": "categoria do disco de dados {category}",
    "system disk category {category}": "categoria do disco do sistema {category}",
    "performance level {level}": "nível de desempenho {level}",
    "the building blocks leave it at the category's default": "os blocos o deixam no padrão da categoria",
    "the listeners keep the load balancer's default health check": "os listeners mantêm a verificação de integridade padrão do balanceador de carga",
    "versioning on the bucket": "versionamento no bucket",
    "objects deleted after {days} days": "objetos excluídos após {days} dias",
    "server-side encryption of the bucket (AES256)": "criptografia do lado do servidor do bucket (AES256)",
    "read-only access to the bucket for the RAM user": "acesso somente leitura ao bucket para o usuário RAM",
    "full access to the bucket for the RAM user": "acesso total ao bucket para o usuário RAM",
    "bucket access": "acesso ao bucket",
    "access is granted to the template's OSS bucket only": "o acesso é concedido apenas ao bucket OSS do modelo",
    "a lifecycle rule": "uma regra de ciclo de vida",
    "it is built for an OSS bucket only": "isso só é criado para um bucket OSS",
    "the days must be from 1 to 36500": "os dias devem ir de 1 a 36500",
    "a RAM user": "um usuário RAM",
    "a RAM user with read-only access to the bucket": "um usuário RAM com acesso somente leitura ao bucket",
    "a RAM user with full access to the bucket": "um usuário RAM com acesso total ao bucket",
    "... {count} more ...": "... mais {count} ...",
    "1 ECS instance": "1 instância ECS",
    (
        "ALIYUN::Index is used in {where}, which is not a resource with Count, so it has no "
        "value there."
    ): (
        "ALIYUN::Index é usado em {where}, que não é um recurso com Count, então ali ele não tem "
        "valor."
    ),
    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove Workspace.": (
        "Adicione Transform: 'Aliyun::Terraform-v1.5' (ou uma versão do OpenTofu) ou remova "
        "Workspace."
    ),
    "Add Type: String (or Number, CommaDelimitedList, Json, Boolean).": (
        "Adicione Type: String (ou Number, CommaDelimitedList, Json, Boolean)."
    ),
    "Add Workspace mapping file paths such as main.tf to their Terraform source.": (
        "Adicione Workspace, mapeando caminhos de arquivo como main.tf para o respectivo "
        "código-fonte Terraform."
    ),
    "Add a Value, for example a Ref or Fn::GetAtt of a resource.": (
        "Adicione um Value, por exemplo um Ref ou Fn::GetAtt de um recurso."
    ),
    "Add a condition named {name!r} under Conditions, or remove the reference.": (
        "Adicione uma condição chamada {name!r} em Conditions, ou remova a referência."
    ),
    "Add a condition named {name!r} under Conditions, or use an existing one.": (
        "Adicione uma condição chamada {name!r} em Conditions, ou use uma existente."
    ),
    "Add a mapping named {name!r} under Mappings.": (
        "Adicione um mapeamento chamado {name!r} em Mappings."
    ),
    "Add a short Label such as 'VPC ID'.": "Adicione um Label curto, como 'ID da VPC'.",
    "Add at least one Terraform file, such as main.tf.": (
        "Adicione pelo menos um arquivo Terraform, como main.tf."
    ),
    (
        "Add at least one resource under Resources, or a Transform and Workspace for a Terraform "
        "template."
    ): (
        "Adicione pelo menos um recurso em Resources ou, para um modelo Terraform, Transform e "
        "Workspace."
    ),
    "Add {key!r} to the mapping {name!r}.": "Adicione {key!r} ao mapeamento {name!r}.",
    "Add {key} under Properties, as a literal or a Ref to a parameter.": (
        "Adicione {key} em Properties, como valor literal ou como Ref para um parâmetro."
    ),
    "Add {key} under Properties, ideally as a parameter so it fits the region.": (
        "Adicione {key} em Properties, de preferência como parâmetro, para que se adapte à região."
    ),
    "AllowedPattern must be a regular expression string, not {value}.": (
        "AllowedPattern deve ser uma string com uma expressão regular, não {value}."
    ),
    "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).": (
        "AllowedPattern {pattern!r} não é uma expressão regular válida ({reason})."
    ),
    "AllowedValues must be a list, not {value}.": "AllowedValues deve ser uma lista, não {value}.",
    "An extra file suffix is empty; give suffixes such as '.sh'.": (
        "Um dos sufixos de arquivo adicionais está vazio; informe sufixos como '.sh'."
    ),
    (
        "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or Fn::Sub "
        "reference between them."
    ): (
        "Quebre o ciclo removendo uma entrada de DependsOn ou uma referência Ref, Fn::GetAtt ou "
        "Fn::Sub entre eles."
    ),
    "Cannot list {path}: {reason}.": "Não é possível listar {path}: {reason}.",
    "Cannot read {path}: {reason}.": "Não é possível ler {path}: {reason}.",
    "Change Default or the MinLength/MaxLength bounds so the default is allowed.": (
        "Altere Default ou os limites MinLength/MaxLength para que o valor padrão seja permitido."
    ),
    "Change Default or the MinValue/MaxValue bounds so the default is allowed.": (
        "Altere Default ou os limites MinValue/MaxValue para que o valor padrão seja permitido."
    ),
    "Change Default so the whole value matches the pattern, or relax the pattern.": (
        "Altere Default para que o valor inteiro corresponda à expressão regular ou torne a "
        "expressão menos restritiva."
    ),
    "Choose a CIDR block for {name} inside {ranges}.": (
        "Escolha para {name} um bloco CIDR dentro de {ranges}."
    ),
    "Creates {listed} (iaccode building blocks).": (
        "Cria {listed} (blocos de construção do iaccode)."
    ),
    "Creates {listed} in {region} (iaccode building blocks).": (
        "Cria {listed} em {region} (blocos de construção do iaccode)."
    ),
    "Define the expression under Conditions and use its name here.": (
        "Defina a expressão em Conditions e use o nome dela aqui."
    ),
    (
        "Define {name!r} as a parameter or resource, or write {escaped} for a literal '${{' in "
        "the output."
    ): (
        "Defina {name!r} como parâmetro ou recurso, ou escreva {escaped} para obter um '${{' "
        "literal no resultado."
    ),
    "Define {name!r} under Parameters or Resources.": "Defina {name!r} em Parameters ou Resources.",
    "DependsOn of resource {name} must be a resource name or a list of names, not {value}.": (
        "DependsOn do recurso {name} deve ser um nome de recurso ou uma lista de nomes, não "
        "{value}."
    ),
    "Errors ({count}):": "Erros ({count}):",
    (
        "Fix the JSON syntax at the given line; keys need double quotes, members need commas "
        "between them and no trailing comma."
    ): (
        "Corrija a sintaxe JSON na linha indicada: as chaves precisam de aspas duplas e os "
        "membros devem ser separados por vírgulas, sem vírgula no final."
    ),
    "Fix the JSON value; numbers longer than a few thousand digits are not accepted.": (
        "Corrija o valor JSON; números com mais de alguns milhares de dígitos não são aceitos."
    ),
    "Fix the pattern; remember to escape special characters such as '.' and '('.": (
        "Corrija a expressão regular; lembre-se de escapar caracteres especiais como '.' e '('."
    ),
    (
        "Fix the syntax at the given line; YAML needs consistent space indentation and 'key: "
        "value' pairs, and values with ': ' or '#' in them must be quoted."
    ): (
        "Corrija a sintaxe na linha indicada: o YAML exige indentação consistente com espaços e "
        "pares 'chave: valor', e valores que contêm ': ' ou '#' devem ficar entre aspas."
    ),
    "Fix: {hint}": "Correção: {hint}",
    "Flatten the deeply nested part; real templates stay within a few dozen levels.": (
        "Reduza o aninhamento dessa parte; modelos reais não passam de algumas dezenas de níveis."
    ),
    "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.": (
        "Fn::FindInMap faz referência ao mapeamento {name!r}, que não está definido em Mappings."
    ),
    "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.": (
        "Fn::GetAtt precisa de [recurso, atributo] ou 'Recurso.Atributo', não {value}."
    ),
    "Fn::Sub needs a string or [string, variables], not {value}.": (
        "Fn::Sub precisa de uma string ou [string, variáveis], não {value}."
    ),
    "Fn::Sub placeholder {placeholder}": "Fn::Sub (espaço reservado {placeholder})",
    "Fn::Sub placeholder {placeholder} names nothing defined in this template.": (
        "O espaço reservado {placeholder} de Fn::Sub não se refere a nada definido neste modelo."
    ),
    "Give each VSwitch of a VPC its own non-overlapping CIDR block.": (
        "Atribua a cada VSwitch de uma VPC um bloco CIDR próprio, sem sobreposição."
    ),
    "Give the file's Terraform source as a string (a YAML block with |).": (
        "Informe o código-fonte Terraform do arquivo como string (um bloco YAML com |)."
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
        "Estou executando com o mecanismo offline, que funciona sem modelo e sem acesso à rede.\n"
        "\n"
        "O que posso fazer offline:\n"
        "- Revisar um modelo ROS da Alibaba Cloud: cole-o na mensagem (JSON ou YAML, em um bloco "
        "de código ou não) ou indique um arquivo de modelo do seu espaço de trabalho, e eu o "
        "verifico com o esquema de cada tipo de recurso ROS: estrutura, parâmetros, referências, "
        "funções, dependências, saídas, propriedades e seus valores.\n"
        "- Converter Terraform para ROS: cole o HCL ou indique um diretório do seu espaço de "
        "trabalho; peça a forma compatível para manter os arquivos Terraform como estão.\n"
        "- Criar modelos a partir de blocos: VPC e vSwitches, grupos de segurança, ECS, SLB e ALB, "
        "RDS, PolarDB, Redis, OSS, gateway NAT, escalonamento automático, Kubernetes (ACK), SLS e "
        'RAM, como ROS YAML, JSON ou Terraform, por exemplo "Crie uma VPC com dois vSwitches."\n'
        "- Com credenciais da Alibaba Cloud: validar um modelo com o ROS, pré-visualizá-lo ou ver "
        "o seu preço, e criar, atualizar ou excluir pilhas (cada alteração pede antes a sua "
        "permissão).\n"
        "\n"
        "Todo o resto (outros produtos, explicações) precisa de um modelo de linguagem: inicie o "
        "servidor com `engine: llm` (um endpoint compatível com OpenAI, como DashScope/Qwen)."
    ),
    "I could not build that template: {error}": "Não consegui criar esse modelo: {error}",
    "I could not convert the Terraform: {error}": (
        "Não consegui converter o código Terraform: {error}"
    ),
    "Make {low_key} less than or equal to {high_key}.": (
        "Faça com que {low_key} seja menor ou igual a {high_key}."
    ),
    "Move it under Properties if it is a property, or remove it.": (
        "Mova-o para Properties se for uma propriedade, ou remova-o."
    ),
    "Name a resource defined under Resources.": "Indique um recurso definido em Resources.",
    "No Terraform files were given.": "Nenhum arquivo Terraform foi fornecido.",
    "None of the resources could be converted to native ROS resources ({left_out}); {hint}.": (
        "Nenhum dos recursos pôde ser convertido em recursos nativos do ROS ({left_out}); {hint}."
    ),
    "Notes ({count}):": "Observações ({count}):",
    (
        "Output {name} has no Label, which the iac-code style asks for so the console shows a "
        "readable name."
    ): (
        "A saída {name} não tem Label, que o estilo iac-code exige para que o console mostre um "
        "nome legível."
    ),
    "Output {name} has no Value.": "A saída {name} não tem Value.",
    "Output {name} has the unknown key {key!r}.": (
        "A saída {name} tem a chave desconhecida {key!r}."
    ),
    "Output {name} must be a mapping with a Value, not {value}.": (
        "A saída {name} deve ser um mapeamento com Value, não {value}."
    ),
    "Parameter {name} has no Type.": "O parâmetro {name} não tem Type.",
    "Parameter {name} has the unknown Type {value}.": (
        "O parâmetro {name} tem um Type desconhecido: {value}."
    ),
    "Parameter {name} has the unknown attribute {key!r}.": (
        "O parâmetro {name} tem o atributo desconhecido {key!r}."
    ),
    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no effect.": (
        "O parâmetro {name} não é usado por nenhum Ref ou Fn::Sub, então seu valor não tem efeito."
    ),
    "Parameter {name} must be a mapping with a Type, not {value}.": (
        "O parâmetro {name} deve ser um mapeamento com Type, não {value}."
    ),
    "Pass a finite tree of at most 100 levels, as a parsed template is.": (
        "Passe uma árvore finita de no máximo 100 níveis, como é um modelo já analisado."
    ),
    "Pass the template as a JSON or YAML string.": "Passe o modelo como uma string JSON ou YAML.",
    "Quote it as '{version}' so every YAML reader sees a string.": (
        "Coloque-o entre aspas, '{version}', para que qualquer leitor de YAML o interprete como "
        "string."
    ),
    "Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'.": (
        "Coloque a expressão regular entre aspas, por exemplo AllowedPattern: '^[a-z0-9-]+$'."
    ),
    "ROSTemplateFormatVersion is written as an unquoted YAML date.": (
        "ROSTemplateFormatVersion está escrito como uma data YAML sem aspas."
    ),
    "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.": (
        "ROSTemplateFormatVersion é {value}, mas o único valor válido é {version}."
    ),
    "Ref must name a parameter, resource or pseudo parameter, not {value}.": (
        "Ref deve indicar um parâmetro, recurso ou pseudoparâmetro, não {value}."
    ),
    "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo parameter.": (
        "Ref faz referência a {name!r}, que não é um parâmetro, recurso, variável local nem "
        "pseudoparâmetro."
    ),
    "Reference it with Ref {name} where it is needed, or remove it.": (
        "Faça referência a ele com Ref {name} onde for necessário, ou remova-o."
    ),
    "Remove it or move its content.": "Remova essa chave ou mova o conteúdo dela.",
    "Remove it.": "Remova-o.",
    "Remove it; outputs take Value, Description, Label and Condition.": (
        "Remova-a; as saídas aceitam Value, Description, Label e Condition."
    ),
    "Remove or rename the duplicate key.": "Remova ou renomeie a chave duplicada.",
    "Remove the recursive alias; a template must be a finite tree.": (
        "Remova o alias recursivo; um modelo deve ser uma árvore finita."
    ),
    "Rename it, for example to {cleaned!r}, and update every reference to it.": (
        "Renomeie-o, por exemplo para {cleaned!r}, e atualize todas as referências a ele."
    ),
    "Rename one of them so every name is unique across the template.": (
        "Renomeie um deles para que cada nome seja único em todo o modelo."
    ),
    (
        "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or "
        "Custom::, so ROS will not recognise it."
    ): (
        "O tipo de recurso {kind!r} não começa com ALIYUN::, DATASOURCE::, MODULE:: ou Custom::, "
        "então o ROS não o reconhecerá."
    ),
    "Resource {name} ({kind}) has no {key}, which it needs in practice.": (
        "O recurso {name} ({kind}) não tem {key}, que na prática é necessário."
    ),
    "Resource {name} ({kind}) is missing the required property {key}.": (
        "O recurso {name} ({kind}) não tem a propriedade obrigatória {key}."
    ),
    "Resource {name} depends on {value}, which is not a resource in this template.": (
        "O recurso {name} depende de {value}, que não é um recurso deste modelo."
    ),
    "Resource {name} has no Type.": "O recurso {name} não tem Type.",
    "Resource {name} has the unknown attribute {key!r}.": (
        "O recurso {name} tem o atributo desconhecido {key!r}."
    ),
    "Resource {name} must be a mapping with a Type, not {value}.": (
        "O recurso {name} deve ser um mapeamento com Type, não {value}."
    ),
    "Resource {resource} of type {kind} has no attribute {attribute!r}.": (
        "O recurso {resource} do tipo {kind} não tem o atributo {attribute!r}."
    ),
    "Set Default to a number, or change Type to String.": (
        "Defina Default como um número ou altere Type para String."
    ),
    "Set Default to true or false.": "Defina Default como true ou false.",
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.": (
        "Defina ROSTemplateFormatVersion: '{version}' no início do modelo."
    ),
    "Set Type to a ROS resource type such as ALIYUN::ECS::VPC.": (
        "Defina Type como um tipo de recurso do ROS, por exemplo ALIYUN::ECS::VPC."
    ),
    "Set {key} to a non-negative integer such as 8.": (
        "Defina {key} como um inteiro não negativo, por exemplo 8."
    ),
    "Set {key} to a number such as 1.": "Defina {key} como um número, por exemplo 1.",
    ("Split the template into nested stacks or modules, or move large scripts out of UserData."): (
        "Divida o modelo em pilhas aninhadas ou módulos, ou tire os scripts grandes de UserData."
    ),
    "Split the template into smaller nested stacks or modules.": (
        "Divida o modelo em pilhas aninhadas ou módulos menores."
    ),
    (
        "Start the template with ROSTemplateFormatVersion: '{version}' followed by sections such "
        "as Parameters and Resources."
    ): (
        "Comece o modelo com ROSTemplateFormatVersion: '{version}', seguido de seções como "
        "Parameters e Resources."
    ),
    "Template check failed with {counted}; fix the errors before deploying.": (
        "O modelo não passou na verificação ({counted}); corrija os erros antes de implantá-lo."
    ),
    "Template check passed with no errors, warnings or notes.": (
        "O modelo passou na verificação sem erros, avisos nem observações."
    ),
    "Template check passed with {counted} and no errors or warnings.": (
        "O modelo passou na verificação com {counted} e sem erros nem avisos."
    ),
    "Template check passed with {counted}; review the warnings before deploying.": (
        "O modelo passou na verificação com {counted}; revise os avisos antes de implantá-lo."
    ),
    "The CIDR block {cidr!r} of resource {name} {problem}.": (
        "O bloco CIDR {cidr!r} do recurso {name} {problem}."
    ),
    "The Default of Boolean parameter {name} is {value}, not true or false.": (
        "O Default do parâmetro Boolean {name} é {value}, e não true ou false."
    ),
    "The Default of Number parameter {name} is {value}, not a number.": (
        "O Default do parâmetro Number {name} é {value}, que não é um número."
    ),
    "The Default of parameter {name} is {length} characters long, outside {range}.": (
        "O Default do parâmetro {name} tem {length} caracteres e não respeita {range}."
    ),
    "The Default {default!r} of parameter {name} does not match AllowedPattern {pattern!r}.": (
        "O Default {default!r} do parâmetro {name} não corresponde a AllowedPattern {pattern!r}."
    ),
    "The Default {number:g} of parameter {name} is outside {range}.": (
        "O Default {number:g} do parâmetro {name} não respeita {range}."
    ),
    "The Default {value} of parameter {name} is not one of AllowedValues.": (
        "O Default {value} do parâmetro {name} não consta em AllowedValues."
    ),
    "The Properties of resource {name} must be a mapping, not {value}.": (
        "Properties do recurso {name} deve ser um mapeamento, não {value}."
    ),
    "The Resources section is empty.": "A seção Resources está vazia.",
    (
        "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS "
        "template body has to stay small, so remove large files or raise the limit."
    ): (
        "Os arquivos Terraform somam mais de {limit} bytes (limite atingido em {path}); o corpo "
        "de um modelo do ROS precisa ser pequeno, então remova arquivos grandes ou aumente o "
        "limite."
    ),
    "The Terraform is converted to native ROS resources.": (
        "O código Terraform foi convertido em recursos nativos do ROS."
    ),
    "The Terraform is wrapped unchanged in a ROS Terraform template.": (
        "O código Terraform foi encapsulado sem alterações em um modelo Terraform do ROS."
    ),
    "The Type of resource {name} must be a string, not {value}.": (
        "O Type do recurso {name} deve ser uma string, não {value}."
    ),
    "The Workspace file {name!r} must have text content, not {value}.": (
        "O arquivo {name!r} de Workspace deve ter conteúdo de texto, não {value}."
    ),
    "The Workspace has no .tf file, so there is no Terraform configuration to run.": (
        "Workspace não contém nenhum arquivo .tf, então não há configuração Terraform para "
        "executar."
    ),
    (
        "The Workspace path {name!r} {problem}; paths must be relative and stay inside the "
        "workspace."
    ): (
        "O caminho de Workspace {name!r} {problem}; os caminhos devem ser relativos e ficar "
        "dentro do espaço de trabalho."
    ),
    "The condition name {name!r} contains {chars}, which condition names cannot contain.": (
        "O nome de condição {name!r} contém {chars}, o que não é permitido em nomes de condição."
    ),
    "The condition of {where} must be the name of a condition, not {value}.": (
        "A condição definida para {where} deve ser o nome de uma condição, não {value}."
    ),
    "The condition {name!r} used by {where} is not defined in Conditions.": (
        "A condição {name!r}, usada para {where}, não está definida em Conditions."
    ),
    (
        "The directory has more than {limit} Terraform files (ROS accepts at most 50 Workspace "
        "files); remove unused files or raise the limit."
    ): (
        "O diretório tem mais de {limit} arquivos Terraform (o ROS aceita no máximo 50 arquivos "
        "em Workspace); remova arquivos não usados ou aumente o limite."
    ),
    "The document contains itself or nests too deeply, so checking skipped that part.": (
        "O documento contém a si mesmo ou tem níveis de aninhamento demais, então a verificação "
        "ignorou essa parte."
    ),
    ("The key {key!r} appears more than once in this mapping, so only its last value is used."): (
        "A chave {key!r} aparece mais de uma vez neste mapeamento, então só o último valor dela "
        "é usado."
    ),
    "The key {key!r} appears more than once in this object, so only its last value is used.": (
        "A chave {key!r} aparece mais de uma vez neste objeto, então só o último valor dela é "
        "usado."
    ),
    "The local name {name!r} contains {chars}, which local names cannot contain.": (
        "O nome de variável local {name!r} contém {chars}, o que não é permitido em nomes de "
        "variáveis locais."
    ),
    "The mapping {name!r} has no second-level key {key!r}.": (
        "O mapeamento {name!r} não tem a chave de segundo nível {key!r}."
    ),
    "The mapping {name!r} has no top-level key {key!r}.": (
        "O mapeamento {name!r} não tem a chave de primeiro nível {key!r}."
    ),
    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.": (
        "O nome {name!r} está definido ao mesmo tempo em {sections}, então um Ref para ele é "
        "ambíguo."
    ),
    "The parameter name {name!r} contains {chars}, which parameter names cannot contain.": (
        "O nome de parâmetro {name!r} contém {chars}, o que não é permitido em nomes de parâmetro."
    ),
    "The resource name {name!r} contains {chars}, which resource names cannot contain.": (
        "O nome de recurso {name!r} contém {chars}, o que não é permitido em nomes de recurso."
    ),
    "The template body must be text, not {kind}.": "O corpo do modelo deve ser texto, não {kind}.",
    "The template contains a YAML alias that refers to itself.": (
        "O modelo contém um alias YAML que faz referência a si mesmo."
    ),
    "The template defines no resources.": "O modelo não define nenhum recurso.",
    (
        "The template expands to more than {limit} values, usually through YAML aliases that "
        "repeat large anchors."
    ): (
        "O modelo se expande para mais de {limit} valores, geralmente por aliases YAML que "
        "repetem âncoras grandes."
    ),
    "The template has a Terraform Transform but no Workspace with Terraform files.": (
        "O modelo tem um Transform do Terraform, mas nenhum Workspace com arquivos Terraform."
    ),
    (
        "The template has more than {limit} values, so checking stopped early and some problems "
        "may be unreported."
    ): (
        "O modelo tem mais de {limit} valores, então a verificação parou antes do fim e alguns "
        "problemas podem não ter sido relatados."
    ),
    "The template has no ROSTemplateFormatVersion.": "O modelo não tem ROSTemplateFormatVersion.",
    "The template is attached as {filename}.": "O modelo está anexado como {filename}.",
    ("The template is attached as {filename}; fill in the parameters when you create the stack."): (
        "O modelo está anexado como {filename}; preencha os parâmetros ao criar a pilha."
    ),
    "The template is empty.": "O modelo está vazio.",
    "The template is larger than the limit of {limit} bytes (2 MiB).": (
        "O modelo excede o limite de {limit} bytes (2 MiB)."
    ),
    "The template is not valid JSON or YAML: {detail}.": (
        "O modelo não é JSON nem YAML válido: {detail}."
    ),
    "The template looks like JSON but is not valid JSON: {detail}.": (
        "O modelo parece JSON, mas não é JSON válido: {detail}."
    ),
    "The template must be a mapping of sections, not {kind}.": (
        "O modelo deve ser um mapeamento de seções, não {kind}."
    ),
    "The template nests values more than {limit} levels deep.": (
        "O modelo aninha valores em mais de {limit} níveis de profundidade."
    ),
    "The {section} section must be a mapping, not {value}.": (
        "A seção {section} deve ser um mapeamento, não {value}."
    ),
    "There is no .tf file at the top of the workspace (root module).": (
        "Não há nenhum arquivo .tf no nível superior do espaço de trabalho (módulo raiz)."
    ),
    "There is no .tf file, so there is no Terraform configuration.": (
        "Não há nenhum arquivo .tf, então não há configuração Terraform."
    ),
    (
        "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
        "'Aliyun::Terraform-v1.x' (for example v1.5)."
    ): (
        "Transform {transform!r} não é um mecanismo Terraform do ROS; use {default!r} ou "
        "'Aliyun::Terraform-v1.x' (por exemplo, v1.5)."
    ),
    "Use ALIYUN::Index only inside the Properties of a resource that sets Count.": (
        "Use ALIYUN::Index somente dentro de Properties de um recurso que defina Count."
    ),
    "Use Ref {name} for a parameter or local, since {how} needs a resource.": (
        "Use Ref {name} para um parâmetro ou variável local, já que {how} precisa de um recurso."
    ),
    "Use a relative path such as main.tf or modules/vpc/main.tf.": (
        "Use um caminho relativo, como main.tf ou modules/vpc/main.tf."
    ),
    "Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance.": (
        "Use um tipo do Alibaba Cloud ROS, como ALIYUN::ECS::Instance."
    ),
    "Use one of the ROS intrinsic functions, such as Fn::Join.": (
        "Use uma das funções intrínsecas do ROS, como Fn::Join."
    ),
    "Use one of the allowed values ({choices}) or add the default to AllowedValues.": (
        "Use um dos valores permitidos ({choices}) ou adicione o valor padrão a AllowedValues."
    ),
    "Use one of the attributes of {kind}: {listing}.": "Use um dos atributos de {kind}: {listing}.",
    "Use one of: {choices}.": "Use um destes valores: {choices}.",
    "Use {match!r} if that is what you meant, or {otherwise}": (
        "Use {match!r} se era isso que você queria, ou {otherwise}"
    ),
    "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} ({ranges}).": (
        "O VSwitch {name} usa {network}, que está fora do intervalo da VPC {vpc} ({ranges})."
    ),
    (
        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch {other} in the "
        "same VPC."
    ): (
        "O VSwitch {name} usa {network}, que se sobrepõe a {other_network} do VSwitch {other} na "
        "mesma VPC."
    ),
    "Warnings ({count}):": "Avisos ({count}):",
    "Workspace is set, but without a Terraform Transform ROS ignores it.": (
        "Workspace está definido, mas o ROS o ignora sem um Transform do Terraform."
    ),
    "Workspace path {path!r} must be a string.": (
        "O caminho de Workspace {path!r} deve ser uma string."
    ),
    "Workspace path {path!r} {problem}.": "O caminho de Workspace {path!r} {problem}.",
    "Write AllowedValues as a list, for example [small, large].": (
        "Escreva AllowedValues como uma lista, por exemplo [small, large]."
    ),
    "Write DependsOn as a name or a list of resource names.": (
        "Escreva DependsOn como um nome ou uma lista de nomes de recursos."
    ),
    "Write Properties as a mapping of property names to values.": (
        "Escreva Properties como um mapeamento de nomes de propriedades para valores."
    ),
    "Write an IPv4 network with its prefix length, such as 192.168.0.0/16.": (
        "Escreva uma rede IPv4 com o comprimento do prefixo, como 192.168.0.0/16."
    ),
    "Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId.": (
        "Escreva-o como Fn::GetAtt: [MyVpc, VpcId] ou, em YAML, !GetAtt MyVpc.VpcId."
    ),
    "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', {{Var: value}}].": (
        "Escreva-o como Fn::Sub: 'texto ${{Name}}' ou Fn::Sub: ['texto ${{Var}}', {{Var: valor}}]."
    ),
    "Write the name as a plain string, for example Ref: VpcId.": (
        "Escreva o nome como uma string simples, por exemplo Ref: VpcId."
    ),
    "Write the output as a mapping with Value, Description and Label.": (
        "Escreva a saída como um mapeamento com Value, Description e Label."
    ),
    "Write the parameter as a mapping, for example {{Type: String}}.": (
        "Escreva o parâmetro como um mapeamento, por exemplo {{Type: String}}."
    ),
    "Write the repeated parts out or use fewer aliases; templates rarely need them.": (
        "Escreva as partes repetidas por extenso ou use menos aliases; modelos raramente "
        "precisam deles."
    ),
    "Write the resource as a mapping with Type and Properties keys.": (
        "Escreva o recurso como um mapeamento com as chaves Type e Properties."
    ),
    "Write {section} as a mapping of names to definitions.": (
        "Escreva {section} como um mapeamento de nomes para definições."
    ),
    "Write {section} as a single string.": "Escreva {section} como uma única string.",
    "a VPC ({cidr}) with 1 vSwitch": "uma VPC ({cidr}) com 1 vSwitch",
    "a VPC ({cidr}) with {count} vSwitches": "uma VPC ({cidr}) com {count} vSwitches",
    "a load balancer": "um balanceador de carga",
    "a security group": "um grupo de segurança",
    "an OSS bucket": "um bucket do OSS",
    "an RDS {engine} {version} instance": "uma instância RDS {engine} {version}",
    "condition {name}": "a condição {name}",
    "contains '..'": "contém '..'",
    "contains a backslash; use '/' between folders": (
        "contém uma barra invertida; use '/' entre pastas"
    ),
    "has a name longer than {limit} characters": "tem um nome com mais de {limit} caracteres",
    "has an empty, '.' or '..' segment": "tem um segmento vazio, '.' ou '..'",
    "has host bits set (the network is {network})": (
        "tem bits de host definidos (a rede é {network})"
    ),
    "has no prefix length": "não tem comprimento de prefixo",
    "indexes {address}, which has no count": "indexa {address}, que não tem count",
    "is absolute": "é absoluto",
    "is empty": "está vazio",
    "is longer than {limit} characters": "tem mais de {limit} caracteres",
    "is not an IPv4 network": "não é uma rede IPv4",
    "is part of a reference cycle": "faz parte de um ciclo de referências",
    "is used outside a resource with count": "é usado fora de um recurso com count",
    "line {line}": "linha {line}",
    "line {line}, column {column}": "linha {line}, coluna {column}",
    "output {name}": "a saída {name}",
    "reads a nested or whole-object value of a resource": (
        "lê um valor aninhado ou um objeto inteiro de um recurso"
    ),
    "reads an output of module {module}, which is not converted": (
        "lê uma saída do módulo {module}, que não é convertido"
    ),
    (
        "reads {attribute} of {source}; the parameter standing for it holds only the chosen id"
    ): "lê {attribute} de {source}; o parâmetro que o representa contém apenas o ID escolhido",
    "reads the data source {source}, which ROS cannot see": (
        "lê a fonte de dados {source}, que o ROS não consegue ver"
    ),
    "reads {address}, which is not declared in these files": (
        "lê {address}, que não está declarado nestes arquivos"
    ),
    "reads {address}, which was not converted": "lê {address}, que não foi convertido",
    "reads {attribute} of {address}, which has no ROS attribute": (
        "lê {attribute} de {address}, que não tem atributo equivalente no ROS"
    ),
    "reads {attribute} of {address}, which it does not set: Terraform gives the provider's default or the computed value there, which ROS has no attribute for": (
        "lê {attribute} de {address}, que o recurso não define: o Terraform dá ali o valor padrão do provedor ou o valor calculado, para o qual o ROS não tem atributo"
    ),
    "reads {attribute} of {address}, which differs per copy, and the copy or the number of copies is known only at deploy time": (
        "lê {attribute} de {address}, que difere em cada cópia, e a cópia ou o número de cópias só é conhecido na implantação"
    ),
    "{address}: {attribute} is read back as its blocks were given; Terraform's value also has the fields the provider fills in, which this one lacks.": (
        "{address}: {attribute} é lido de volta como os blocos foram dados; o valor do Terraform também tem os campos que o provedor preenche, que aqui faltam."
    ),
    "reads {local}, which is not declared": "lê {local}, que não está declarado",
    "reads {local}, which refers to itself": "lê {local}, que faz referência a si mesmo",
    "resource {name}": "o recurso {name}",
    "template": "modelo",
    "the file ends in the middle of a block or expression": (
        "o arquivo termina no meio de um bloco ou expressão"
    ),
    "the range set by {bounds}": "os limites definidos por {bounds}",
    "there are no resources": "não há recursos",
    "unexpected character {char!r}": "caractere inesperado {char!r}",
    "unexpected {token!r}": "{token!r} inesperado",
    ("use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged"): (
        "use o encapsulamento compatível (wrap_terraform), que implanta os arquivos Terraform "
        "sem alterações"
    ),
    "uses a %{{...}} template directive": "usa uma diretiva de template %{{...}}",
    "uses a splat on a variable or local": "usa um splat em uma variável ou valor local",
    "uses {root}, which has no ROS equivalent": "usa {root}, que não tem equivalente no ROS",
    "{addresses}: {what}, so it was left out; to deploy it, {hint}.": (
        "{addresses}: {what}, então foi omitido; para implantá-lo, {hint}."
    ),
    "{address} is declared twice, in {earlier} and {path}; Terraform rejects this too.": (
        "{address} está declarado duas vezes, em {earlier} e em {path}; o Terraform também "
        "rejeita isso."
    ),
    "{address}: depends_on {item!r} names nothing converted, so it was dropped.": (
        "{address}: depends_on {item!r} não se refere a nada que foi convertido, então foi "
        "descartado."
    ),
    (
        "{address}: sets nothing that maps to {key}, which {kind} needs; added parameter {name} "
        "for it, to be set when the stack is created."
    ): (
        "{address}: não define nada que corresponda a {key}, que {kind} exige; foi adicionado o "
        "parâmetro {name}, a ser definido na criação da pilha."
    ),
    "{address}: value {expr} {reason}, so the output was left out.": (
        "{address}: o valor {expr} {reason}, então a saída foi omitida."
    ),
    (
        "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be set when "
        "the stack is created."
    ): (
        "{address}: {argument} = {expr} {reason}; foi adicionado o parâmetro {name}, a ser "
        "definido na criação da pilha."
    ),
    "{address}: {note}.": "{address}: {note}.",
    "{count} ECS instances": "{count} instâncias ECS",
    (
        "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order their "
        "creation."
    ): (
        "{count} entradas dependem umas das outras em um ciclo ({chain}), então o ROS não "
        "consegue ordenar a criação delas."
    ),
    "{count} error": "{count} erro",
    "{count} errors": "{count} erros",
    "{count} note": "{count} observação",
    "{count} notes": "{count} observações",
    "{count} warning": "{count} aviso",
    "{count} warnings": "{count} avisos",
    "{directory} is not a directory with Terraform files.": (
        "{directory} não é um diretório com arquivos Terraform."
    ),
    "{first} and {second}": "{first} e {second}",
    "{first} or {second}": "{first} ou {second}",
    "{first}, {second}": "{first}, {second}",
    "{function} is not a ROS function.": "{function} não é uma função do ROS.",
    "{how} refers to {value}, which is not a resource in this template.": (
        "{how} faz referência a {value}, que não é um recurso deste modelo."
    ),
    "{key!r} is not a ROS template section.": "{key!r} não é uma seção de modelo do ROS.",
    "{key} is {value}, not one of {choices}; converted as {default}": (
        "{key} é {value}, que não é nenhum destes valores: {choices}; convertido como {default}"
    ),
    "{key} must be a number, not {value}.": "{key} deve ser um número, não {value}.",
    "{key} must be a whole number of characters, not {value}.": (
        "{key} deve ser um número inteiro de caracteres, não {value}."
    ),
    "{key} of resource {name} is {value!r}, which is not among the values the ROS schema lists for {kind}; that list is known to be wrong here.": (
        "{key} do recurso {name} é {value!r}, que não está entre os valores que o esquema do ROS lista para {kind}; sabe-se que essa lista está errada aqui."
    ),
    "Check the value against the {kind} documentation.": "Confira o valor na documentação de {kind}.",
    "{key} of resource {name} is {value!r}, which {kind} does not accept.": (
        "{key} do recurso {name} é {value!r}, um valor que {kind} não aceita."
    ),
    "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is allowed.": (
        "{low_key} ({low:g}) é maior que {high_key} ({high:g}), então nenhum valor é permitido."
    ),
    "{name} (local)": "{name} (local)",
    "{name} depends on itself ({chain}), so it can never be created.": (
        "{name} depende de si mesmo ({chain}), então nunca poderá ser criado."
    ),
    "{path} is a symlink to a missing file.": (
        "{path} é um link simbólico para um arquivo inexistente."
    ),
    (
        "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace files must be "
        "UTF-8."
    ): (
        "{path} não é texto UTF-8 (byte inválido na posição {offset}); os arquivos de Workspace "
        "do ROS devem estar em UTF-8."
    ),
    "{path} must be text, not {kind}.": "{path} deve ser texto, não {kind}.",
    "{path}, line {line}": "{path}, linha {line}",
    "{path}, line {line}, column {column}": "{path}, linha {line}, coluna {column}",
    "{section} must be a string, not {value}.": "{section} deve ser uma string, não {value}.",
    "{type} has no native ROS mapping here": "{type} não tem aqui um mapeamento nativo para o ROS",
    "{variable} is used but not declared; added it as a String parameter.": (
        "{variable} é usada, mas não está declarada; foi adicionada como parâmetro String."
    ),
    "{where}: not valid HCL ({what}).": "{where}: HCL inválido ({what}).",
    "calls {function}() with arguments it cannot use": "chama {function}() com argumentos que não pode usar",
    "calls {function}(), which has no ROS equivalent here": "chama {function}(), que aqui não tem equivalente no ROS",
    "has a condition that is not true or false": "tem uma condição que não é true nem false",
    "has an object key that is not known in advance": "tem uma chave de objeto que não é conhecida de antemão",
    "is a comparison that is only known at deploy time": "é uma comparação que só é conhecida na implantação",
    "is a for expression over a value known only at deploy time": "é uma expressão for sobre um valor que só é conhecido na implantação",
    "is a for expression whose filter is known only at deploy time": "é uma expressão for cujo filtro só é conhecido na implantação",
    "is an expression this converter does not read": "é uma expressão que este conversor não lê",
    "it is given {count} times, and ROS takes one": "é indicado {count} vezes e o ROS aceita um",
    "its count is 0": "o seu count é 0",
    "its for_each is not a list, set or map known before deployment": "o seu for_each não é uma lista, um conjunto ou um mapa conhecido antes da implantação",
    "its for_each {reason}": "o seu for_each {reason}",
    "its source {source!r} has no .tf files in the workspace": "a sua origem {source!r} não tem ficheiros .tf no espaço de trabalho",
    "its source {source!r} is not a local module, and its code is not guessed": "a sua origem {source!r} não é um módulo local e o seu código não é adivinhado",
    "its source {source!r} lies outside the workspace": "a sua origem {source!r} está fora do espaço de trabalho",
    "its character set is not known in the files, or it has fewer characters than character classes (ROS puts each class in at least once)": "o seu conjunto de caracteres não é conhecido nos ficheiros, ou tem menos caracteres do que classes de caracteres (o ROS coloca cada classe pelo menos uma vez)",
    "its min and max are not literal whole numbers from 0 up": "o seu min e max não são números inteiros literais a partir de 0",
    "keepers not converted (ROS keeps the value for the stack's life)": "keepers não é convertido (o ROS mantém o valor durante a vida da pilha)",
    "the password is an attribute of the stack (ALIYUN::RandomString), which Terraform marks sensitive": "a palavra-passe é um atributo da pilha (ALIYUN::RandomString), que o Terraform marca como sensível",
    "{address} became {name}, the UUID ROS gives each stack.": "{address} tornou-se {name}, o UUID que o ROS dá a cada pilha.",
    "{name} is known only at deploy time; converted as true": "{name} só é conhecido na implementação; convertido como true",
    "The folders a conversion reads hold more than {limit} entries; convert a smaller folder.": "As pastas que uma conversão lê contêm mais de {limit} entradas; converta uma pasta menor.",
    "The module folder {path} is a symlink to a place outside the workspace, which is not followed.": "A pasta de módulo {path} é uma ligação simbólica para um local fora do espaço de trabalho, que não é seguida.",
    "The root module {root} is at the top of the Workspace, as ROS runs it; the {count} other files it needs are under {outside}/ with their workspace paths, and the module sources naming them were rewritten to match.": "O módulo raiz {root} está no topo do Workspace, como o ROS o executa; os outros {count} ficheiros de que precisa estão em {outside}/ com os seus caminhos do espaço de trabalho, e as origens de módulo que os nomeiam foram reescritas em conformidade.",
    "The workspace has more than {limit} Terraform files where a conversion looks; convert a smaller folder.": "O espaço de trabalho tem mais de {limit} ficheiros Terraform onde uma conversão procura; converta uma pasta menor.",
    "There is no .tf file in the root module folder {root}.": "Não há nenhum ficheiro .tf na pasta do módulo raiz {root}.",
    "{path} is a symlink to a place outside the Terraform directory, which is not followed; copy the file into the directory instead.": "{path} é uma ligação simbólica para um local fora do diretório Terraform, que não é seguida; copie antes o ficheiro para o diretório.",
    "{path} is a symlink to a place outside the workspace, which is not followed; copy the file into the workspace instead.": "{path} é uma ligação simbólica para um local fora do espaço de trabalho, que não é seguida; copie antes o ficheiro para o espaço de trabalho.",
    "{path} is not a folder with .tf files (a root module).": "{path} não é uma pasta com ficheiros .tf (um módulo raiz).",
    '{path}: the source of module {name} could not be rewritten for the Workspace (write it as source = "..." on a line of its own), so the root module cannot be moved to the top of the Workspace.': '{path}: não foi possível reescrever a origem do módulo {name} para o Workspace (escreva-a como source = "..." numa linha própria), por isso o módulo raiz não pode ser movido para o topo do Workspace.',
    "its value is computed JSON text, which ROS needs as an object": "o seu valor é texto JSON calculado, que o ROS precisa como objeto",
    "its value is computed, so its nested arguments cannot be mapped": "o seu valor é calculado, por isso os seus argumentos aninhados não podem ser mapeados",
    "its value is not JSON text": "o seu valor não é texto JSON",
    "it has {count} items, and ROS takes {wanted}": "tem {count} itens, e o ROS aceita {wanted}",
    "it is {value!r}, not one of {choices}": "é {value!r}, não um de {choices}",
    "its JSON text nests too deeply to read": "o seu texto JSON está aninhado demasiado fundo para ser lido",
    "its value is not a map, which this rule needs": "o seu valor não é um mapa, de que esta regra precisa",
    "reads a whole resource, which has no ROS value": "lê um recurso inteiro, que não tem valor no ROS",
    "sorter_type {kind!r} has no ROS form": "sorter_type {kind!r} não tem forma no ROS",
    "the mapping rules do not know it": "as regras de mapeamento não o conhecem",
    "the vendor's rule for it cannot be followed ({why})": "a regra do fornecedor para ele não pode ser seguida ({why})",
    "{address} calls the module {source!r} within itself.": "{address} chama o módulo {source!r} dentro de si próprio.",
    "{address} nests modules more than {limit} deep, which is not converted.": "{address} aninha módulos a mais de {limit} níveis de profundidade, o que não é convertido.",
    "{address}: for_each over {variable} was unrolled over its default, so a different value at deploy time is not followed.": "{address}: o for_each sobre {variable} foi desdobrado com o seu valor predefinido, por isso um valor diferente na implantação não é seguido.",
    "{address}: the dynamic block {name} was not converted ({reason}).": "{address}: o bloco dynamic {name} não foi convertido ({reason}).",
    "{address}: {arguments} not converted ({reason}), so the ROS resource uses its defaults there.": "{address}: {arguments} não convertido ({reason}), por isso o recurso do ROS usa aí os seus valores predefinidos.",
    "{address}: {note}": "{address}: {note}",
    "{address}: {what}, so it was left out.": "{address}: {what}, por isso foi omitido.",
    "{address}: {why}, so it was left out; {hint}.": "{address}: {why}, por isso foi omitido; {hint}.",
    "{address}: {why}, so its resources were left out; {hint}.": "{address}: {why}, por isso os seus recursos foram omitidos; {hint}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out.": "{found} recursos do Terraform: {native} convertidos de forma nativa, {lossy} convertidos com perdas, {dropped} omitidos.",
    "{path}: module {name} has the remote source {source!r}, which is not in the Workspace; ROS must download it when it deploys the stack.": "{path}: o módulo {name} tem a origem remota {source!r}, que não está no Workspace; o ROS tem de a descarregar ao implantar a pilha.",
    "{path}: module {name} has the source {source!r}, which is not in the Workspace, so the stack fails when Terraform initialises; wrap the directory that contains the module instead.": "{path}: o módulo {name} tem a origem {source!r}, que não está no Workspace, por isso a pilha falha quando o Terraform inicializa; envolva antes o diretório que contém o módulo.",
    "{source} became parameter {name}, chosen when the stack is created.": "{source} passou a ser o parâmetro {name}, escolhido ao criar a pilha.",
    "{type} has no property for it": "{type} não tem nenhuma propriedade para isso",
    "{type} has no property {name}": "{type} não tem a propriedade {name}",
    "{variable}: the validation {condition} has no ROS parameter constraint, so ROS does not check it when the stack is created.": "{variable}: a validação {condition} não tem restrição de parâmetro no ROS, por isso o ROS não a verifica ao criar a pilha.",
    "the vendor's rules leave it out, though {type} has a property {name}": "as regras do fornecedor omitem-no, embora {type} tenha uma propriedade {name}",
    "the vendor's rules say ROS has no property for it": "segundo as regras do fornecedor, o ROS não tem nenhuma propriedade para isso",
    "The Terraform nests values or expressions too deeply to convert.": "O Terraform aninha valores ou expressões a demasiada profundidade para o converter.",
    "its for_each has {count} items, more than {limit}": "o seu for_each tem {count} itens, mais de {limit}",
    "passes template variables that are not known in advance": "passa variáveis de modelo que não são conhecidas de antemão",
    "reads a file that is not in the Terraform files it was given": "lê um ficheiro que não está entre os ficheiros do Terraform recebidos",
    "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.": "Foram recebidos {count} ficheiros do Terraform; o ROS aceita no máximo {limit} ficheiros de Workspace.",
    "its count is not a number known before deployment": "o seu count não é um número conhecido antes da implantação",
    "{address}: count was computed from the default of {variable}, so a different value at deploy time is not followed.": "{address}: o count foi calculado a partir do valor predefinido de {variable}, por isso um valor diferente na implantação não é seguido.",
    "Base the expression on parameters (Ref to a parameter) and literal values.": "Construa a expressão com parâmetros (Ref a um parâmetro) e valores literais.",
    "Check the name in the ROS resource type list.": "Verifique o nome na lista de tipos de recursos do ROS.",
    "Fn::Select index {index} is out of range for a list of {count} items.": "O índice {index} de Fn::Select está fora do intervalo de uma lista de {count} itens.",
    "Give Fn::Select a list that is not empty.": "Passe para Fn::Select uma lista que não esteja vazia.",
    "Give {key} a value of type {wanted}, or a function that returns one.": "Dê a {key} um valor do tipo {wanted}, ou uma função que o devolva.",
    "Remove it; {owner} takes: {listing}.": "Remova-a; {owner} aceita: {listing}.",
    "Resource {name} has the type {kind!r}, which the ROS schema does not list.": "O recurso {name} tem o tipo {kind!r}, que o esquema do ROS não lista.",
    "Use an index from 0 to {last}.": "Use um índice de 0 a {last}.",
    "Use {choices} if that is what you meant, or check the name in the ROS resource type list.": "Use {choices} se era isso que queria dizer, ou verifique o nome na lista de tipos de recursos do ROS.",
    "Use {choices} if that is what you meant, or remove it.": "Use {choices} se era isso que queria dizer, ou remova-a.",
    "Write it as {function}: {shape}.": "Escreva-a como {function}: {shape}.",
    "{function} takes {shape}, not {value}.": "{function} recebe {shape}, não {value}.",
    "{key!r} is not a property of {owner} in the ROS schema.": "{key!r} não é uma propriedade de {owner} no esquema do ROS.",
    "{owner} is missing the required property {key}.": "Falta a {owner} a propriedade obrigatória {key}.",
    "{owner} must be {wanted}, not {value}.": "{owner} deve ser {wanted}, não {value}.",
    "{section} cannot use {what}: they are evaluated before any resource exists.": "{section} não pode usar {what}: são avaliadas antes de existir qualquer recurso.",
    # iaccode/iac/block_read.py, block_answer.py, blocks.py: the request accounted for
    "2 instances in 2 zones for high availability": "2 instâncias em 2 zonas para alta disponibilidade",
    "Applied from the request:": "Aplicado a partir do pedido:",
    "Not applied:": "Não aplicado:",
    "Nothing was built, because the request cannot be honoured as asked:": "Nada foi criado, porque o pedido não pode ser atendido como solicitado:",
    "Nothing was built: no building block covers these parts of the request:": "Nada foi criado: nenhum bloco cobre estas partes do pedido:",
    "One template deploys to one region, and the request names {regions}.": "Um modelo é implantado em uma só região, e o pedido cita {regions}.",
    "The llm engine (`engine: llm`) can write what is not applied.": "O motor llm (`engine: llm`) pode escrever o que não foi aplicado.",
    "The request both asks for and rules out public access.": "O pedido pede e ao mesmo tempo exclui o acesso público.",
    "The request gives no exact count ({words}); say how many, from 1 to {most}.": "O pedido não dá um número exato ({words}); diga quantos, de 1 a {most}.",
    "The request rules out a {what}, which the resources it asks for need.": "O pedido exclui {what}, de que os recursos pedidos precisam.",
    "The request rules out port(s) {ports}, which the load balancer would need.": "O pedido exclui a(s) porta(s) {ports}, de que o balanceador de carga precisaria.",
    "a NAT gateway with an elastic IP and SNAT": "um gateway NAT com IP elástico e SNAT",
    "a PolarDB {engine} {version} cluster": "um cluster PolarDB {engine} {version}",
    "a RAM role for {service}": "uma função RAM para {service}",
    "a Redis {version} instance": "uma instância Redis {version}",
    "a log project with a logstore": "um projeto de logs com um logstore",
    "an elastic IP is built for instances or a NAT gateway": "um IP elástico é criado para instâncias ou um gateway NAT",
    "an elastic IP per instance": "um IP elástico por instância",
    "an internal (intranet) load balancer": "um balanceador de carga interno (intranet)",
    "database storage of {size} GB": "armazenamento de banco de dados de {size} GB",
    "disks, instance type or image": "discos, tipo de instância ou imagem",
    "image {image}": "imagem {image}",
    "instance type {type}": "tipo de instância {type}",
    "logs kept {days} days": "logs mantidos por {days} dias",
    "name {name}": "nome {name}",
    "no current instance type matches exactly; choose one in the InstanceType parameter": "nenhum tipo de instância atual corresponde exatamente; escolha um no parâmetro InstanceType",
    "no public image id for it is known offline; choose it in the ImageId parameter": "offline não se conhece o id da imagem pública; escolha-a no parâmetro ImageId",
    "not a valid resource name": "não é um nome de recurso válido",
    "not opened, as asked: port(s) {ports}": "não abertas, como pedido: porta(s) {ports}",
    "offline I write ROS (YAML or JSON) or Terraform": "offline escrevo ROS (YAML ou JSON) ou Terraform",
    "one VPC CIDR per template: {first} is used": "um CIDR de VPC por modelo: {first} é usado",
    "one image per template": "uma imagem por modelo",
    "one instance type per template: {first} is the default": "um tipo de instância por modelo: {first} é o padrão",
    "one source CIDR per template: {first} is used": "um CIDR de origem por modelo: {first} é usado",
    "port(s) {ports} open only to the AdminCidr parameter, which you fill in": "porta(s) {ports} aberta(s) só para o parâmetro AdminCidr, que você preenche",
    "port(s) {ports} open to {source} only": "porta(s) {ports} aberta(s) só para {source}",
    "public bandwidth is 1 to 100 Mbps and needs a public IP": "a largura de banda pública é de 1 a 100 Mbps e precisa de um IP público",
    "public bandwidth {mbps} Mbps": "largura de banda pública de {mbps} Mbps",
    "storage is set for an RDS database only": "o armazenamento só é definido para um banco de dados RDS",
    "system disk of {size} GB": "disco do sistema de {size} GB",
    "tags {tags}": "tags {tags}",
    "the building blocks have no {product}; the llm engine can write it": "os blocos não incluem {product}; o motor llm pode escrevê-lo",
    "the instance type named in the request decides the size": "o tipo de instância citado no pedido decide o tamanho",
    "the request does not say which disk or storage the size is for": "o pedido não diz a que disco ou armazenamento o tamanho se refere",
    "they belong to ECS instances, and the request asks for none": "pertencem a instâncias ECS, e o pedido não pede nenhuma",
    "vSwitches in 2 zones for high availability": "vSwitches em 2 zonas para alta disponibilidade",
    "web port(s) {ports} open to the VPC": "porta(s) web {ports} aberta(s) para a VPC",
    "web port(s) {ports} open to the internet": "porta(s) web {ports} aberta(s) para a internet",
    "zones {zones}": "zonas {zones}",
    "{count} data disk(s) of {sizes} GB": "{count} disco(s) de dados de {sizes} GB",
    "{cpu} vCPUs": "{cpu} vCPUs",
    "{mbps} Mbps": "{mbps} Mbps",
    "{part}: {reason}": "{part}: {reason}",
    "{size} GB": "{size} GB",
    "Format: {format}.": "Formato: {format}.",
    "the Terraform rules have no counterpart, so the configuration leaves it out": "as regras do Terraform não têm equivalente, então a configuração o omite",
    "a Kubernetes cluster with {count} nodes": "um cluster Kubernetes com {count} nós",
    "an application load balancer": "um balanceador de carga de aplicação",
    "an auto scaling group of {low} to {high} instances": "um grupo de escalonamento automático de {low} a {high} instâncias",
    "At most {most} ECS instances per template.": "No máximo {most} instâncias ECS por modelo.",
    "Redis {version} is not offered; use one of: {versions}.": "Redis {version} não é oferecido; use um de: {versions}.",
    "A load balancer needs a listener port, and the request rules out 80 and 443.": "Um balanceador de carga precisa de uma porta de escuta, e o pedido exclui 80 e 443.",
    "An application load balancer listens on 80 or 443, and the request rules out both.": "Um balanceador de carga de aplicação escuta em 80 ou 443, e o pedido exclui ambos.",
    "elastic IP bandwidth {mbps} Mbps": "largura de banda do IP elástico de {mbps} Mbps",
    "every port open is not built; name the ports to open": "não se abrem todas as portas; diga quais portas abrir",
    "log-in with a key pair (the KeyPairName parameter)": "login com um par de chaves (o parâmetro KeyPairName)",
    "the building blocks create resources only; the llm engine can add it": "os blocos só criam recursos; o motor llm pode adicioná-lo",
    "a source CIDR limits opened ports, and the request opens none": "um CIDR de origem limita as portas abertas, e o pedido não abre nenhuma",
    "database reachable from {source} only": "banco de dados acessível só a partir de {source}",
    "has a condition on a resource's value, which ROS evaluates before any resource exists": "tem uma condição sobre o valor de um recurso, que o ROS avalia antes de existir qualquer recurso",
    "Rule {name} must be a mapping with Assertions, not {value}.": "A regra {name} deve ser um mapa com Assertions, não {value}.",
    "Rule {name} has the unknown key {key!r}.": "A regra {name} tem a chave desconhecida {key!r}.",
    "Rule {name} needs a list of Assertions, not {value}.": "A regra {name} precisa de uma lista de Assertions, não {value}.",
    "Assertion {index} of rule {name} must have Assert (and may have AssertDescription), not {value}.": "A asserção {index} da regra {name} deve ter Assert (e pode ter AssertDescription), não {value}.",
    "Write the rule as a mapping with Assertions: a list of entries with Assert and AssertDescription.": "Escreva a regra como um mapa com Assertions: uma lista de entradas com Assert e AssertDescription.",
    # Architecture diagrams (iaccode.iac.diagram*, iaccode.agent.diagrams)
    "There is no diagram: the template has {count} entries, more than the {limit} a diagram can show.": "Não há diagrama: o modelo tem {count} entradas, mais do que as {limit} que um diagrama pode mostrar.",
    "There is no diagram: the template is not a mapping of sections.": "Não há diagrama: o modelo não é um mapeamento de seções.",
    "There is no diagram: the template has no resources.": "Não há diagrama: o modelo não tem recursos.",
    "There is no diagram: the template has {count} references, more than the {limit} a diagram can show.": "Não há diagrama: o modelo tem {count} referências, mais do que as {limit} que um diagrama pode mostrar.",
    "Architecture of the template: {count} resources": "Arquitetura do modelo: {count} recursos",
    "There is no diagram: the template could not be read.": "Não há diagrama: não foi possível ler o modelo.",
    "Outside any VPC": "Fora de qualquer VPC",
    "VPC {name}": "VPC {name}",
    "vSwitch {name}": "vSwitch {name}",
    "Not defined in this template": "Não definido neste modelo",
    "Parameter {name}": "Parâmetro {name}",
    "Output {name}": "Saída {name}",
    "{name} (not defined)": "{name} (não definido)",
    "Parameter": "Parâmetro",
    "Output": "Saída",
    "not defined": "não definido",
    "Parameters": "Parâmetros",
    "Outputs": "Saídas",
    "The {key} of parameter {name} uses {function}, but ROS does not evaluate functions in Parameters.": "O {key} do parâmetro {name} usa {function}, mas o ROS não avalia funções em Parameters.",
    "Write a literal value there, and compute derived values with the function where the parameter is used (Resources, Outputs or Locals).": "Escreva ali um valor literal e calcule os valores derivados com a função onde o parâmetro é usado (Resources, Outputs ou Locals).",
    "public IP": "IP público",
    "all instances share one network setting, and the request keeps some private": "todas as instâncias compartilham uma mesma configuração de rede, e o pedido mantém algumas privadas",
    "a port range is not built; name the ports to open": "não se abre um intervalo de portas; diga quais portas abrir",
    "The application load balancer listens on 80 or 443 here, and the request asks for port(s) {ports}.": "O balanceador de carga de aplicação escuta aqui em 80 ou 443, e o pedido pede a(s) porta(s) {ports}.",
    "a node count is built for a Kubernetes cluster only": "um número de nós só é aplicado a um cluster Kubernetes",
    "Redis reachable from {source} only": "Redis acessível só a partir de {source}",
    "the Redis block sets no whitelist; set it on the instance after creation": "o bloco de Redis não define lista de permissões; defina-a na instância após a criação",
    "The Terraform's locals read each other more than {limit} times (local.{name} among them), which grows without bound; convert a smaller configuration.": "Os locals da configuração Terraform leem-se uns aos outros mais de {limit} vezes (entre eles local.{name}), o que cresce sem limite; converta uma configuração menor.",
    "local.{name} is {size} characters long, more than the {limit} a converted template can carry.": "local.{name} tem {size} caracteres, mais do que os {limit} que um modelo convertido pode conter.",
    "indexes {address} by the key {key!r}, which is not a copy's number": "indexa {address} pela chave {key!r}, que não é o número de uma cópia",
    "The root module and the local modules it calls have {count} files, more than {limit} (ROS accepts at most 50 Workspace files); remove unused files or raise the limit.": "O módulo raiz e os módulos locais que ele chama têm {count} arquivos, mais de {limit} (o ROS aceita no máximo 50 arquivos de Workspace); remova arquivos não usados ou aumente o limite.",
    "local.{name} grows to more than {limit} values as the locals read each other, more than a converted template can carry; convert a smaller configuration.": "local.{name} cresce para mais de {limit} valores porque os locals leem uns aos outros, mais do que um modelo convertido comporta; converta uma configuração menor.",
    "reads {address}, whose values are known only at deploy time": "lê {address}, cujos valores só são conhecidos na implantação",
    "{address} asks for {count} copies; a ROS stack holds at most {limit} resources, so the configuration is not converted. Lower the count or split the configuration into several stacks.": "{address} pede {count} cópias; uma pilha do ROS comporta no máximo {limit} recursos, então a configuração não é convertida. Reduza a contagem ou divida a configuração em várias pilhas.",
    "{address} is sensitive, and ROS shows every output's value to whoever can read the stack, so the output was left out.": "{address} é confidencial (sensitive), e o ROS mostra o valor de cada saída a quem puder ler a pilha, então a saída foi omitida.",
    "{address}: the dynamic block {name} was repeated over the default of {variable}, so a different value at deploy time is not followed.": "{address}: o bloco dinâmico {name} foi repetido sobre o valor padrão de {variable}, então um valor diferente na implantação não é seguido.",
    "The module instances and resource copies add up to more than {limit} (reached at {address}); a ROS stack holds at most 300 resources, so the configuration is not converted. Lower the counts or split the configuration into several stacks.": "As instâncias de módulo e as cópias de recursos somam mais de {limit} (atingido em {address}); uma pilha do ROS comporta no máximo 300 recursos, então a configuração não é convertida. Reduza as contagens ou divida a configuração em várias pilhas.",
    "{address}: its for_each is empty, so it was left out.": "{address}: seu for_each está vazio, então foi deixado de fora.",
    "its value is computed, and ROS needs it as JSON text": "seu valor é calculado, e o ROS precisa dele como texto JSON",
    "indexes a list of {size} items at {index}": "indexa uma lista de {size} itens na posição {index}",
    "{address}: {argument} = {expr}: one branch {reason}, which Terraform rejects when it is taken, so the template always uses the other one.": "{address}: {argument} = {expr}: um ramo {reason}, o que o Terraform rejeita quando é tomado, então o modelo sempre usa o outro.",
    "calls cidrsubnet() on a value known only when the stack is created": "chama cidrsubnet() com um valor conhecido só quando a pilha é criada",
    "calls cidrsubnet() on an IPv6 network, computed for IPv4 only": "chama cidrsubnet() sobre uma rede IPv6; só IPv4 é calculado",
    "{address}: its type {expr} is known only at deploy time, so it became {ingress} and {egress}, each created only when the type has its direction.": "{address}: seu type {expr} só é conhecido na implantação, então virou {ingress} e {egress}, cada um criado só quando o type tem sua direção.",
    "calls cidrsubnet() with arguments it cannot use": "chama cidrsubnet() com argumentos que não pode usar",
    "calls cidrsubnet() with newbits or netnum not literal": "chama cidrsubnet() com newbits ou netnum que não são literais",
    "name_regex {pattern!r} is read as the exact name {name!r}; Terraform matched every name containing it": "name_regex {pattern!r} é lido como o nome exato {name!r}; o Terraform encontrava todo nome que o contivesse",
    "reads {attribute} of {source}, which {type} has no attribute for": "lê {attribute} de {source}, para o qual {type} não tem atributo",
    "{argument} is not converted; the template reads the first item ROS lists": "{argument} não é convertido; o modelo lê o primeiro item que o ROS lista",
    "{source} became the ROS data source {name} ({type}), read when the stack is created.": "{source} virou a fonte de dados do ROS {name} ({type}), lida quando a pilha é criada.",
    "{source}: {note}.": "{source}: {note}.",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out, {not_created} not created (count 0).": "{found} recursos do Terraform: {native} convertidos nativamente, {lossy} convertidos com perdas, {dropped} deixados de fora, {not_created} não criados (count 0).",
    "another argument already gives {path} a value": "outro argumento já dá um valor a {path}",
    "{address}: left out {arguments}, Terraform's own settings for how it applies changes (a dry run, a forced update or delete, the language of the API's answers); ROS has no such setting and creates the same resource without them.": "{address}: {arguments} omitido, que só controla como o Terraform aplica as alterações (uma execução de teste, uma atualização ou exclusão forçada, o idioma das respostas da API); o ROS não tem essa configuração e cria o mesmo recurso sem ela.",
    "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but {tf_type} has no argument for {missing}, which {ros_type} needs: it is another resource": "as regras do fornecedor mapeiam {tf_type} para {ros_type}, o tipo que {other} cria, mas {tf_type} não tem argumento para {missing}, de que {ros_type} precisa: é outro recurso",
    "{type} takes {kind} for {name}": "{type} aceita {kind} para {name}",
    "{path} of {type} has no field for it": "{path} de {type} não tem um campo para isso",
    "{address}: {arguments} placed by the ROS schema's property names (the vendor's rules leave them out).": "{address}: {arguments} colocado pelos nomes de propriedade do esquema do ROS (as regras do fornecedor o omitem).",
    "reads a whole item of {source}, which {type} lists by id only": "lê um item inteiro de {source}, que {type} só fornece pelo ID",
    "{address}: {key} not converted ({reason}); added parameter {name} for it, to be set when the stack is created.": "{address}: {key} não foi convertido ({reason}); foi adicionado o parâmetro {name} para isso, a definir ao criar a pilha.",
    "{expr} reads {source} at a computed index; parameter {name} stands for one chosen value, which every read gets.": "{expr} lê {source} num índice calculado; o parâmetro {name} representa um único valor escolhido, que cada leitura recebe.",
    "{type} takes only {choices} for {name}, not {value!r}": "{type} só aceita {choices} para {name}, não {value!r}",
    "{source} became parameter {name}, chosen when the stack is created from the region's zones; Terraform listed only those where {service} is sold.": "{source} passou a ser o parâmetro {name}, escolhido ao criar a pilha entre as zonas da região; o Terraform só listava aquelas onde {service} é vendido.",
    "divides by zero": "divide por zero",
    "is text with a value known only at deploy time": "é um texto com um valor conhecido apenas na implantação",
    "it is known only at deploy time, and ROS takes the number in it": "só é conhecido na implantação, e o ROS recebe o número contido nele",
    "it is not a license code of the form bhah_ent_<assets>_asset": "não é um código de licença da forma bhah_ent_<assets>_asset",
    "reads a data source": "lê uma fonte de dados",
    "reads {source}, which has count, not as its one copy [0]": "lê {source}, que tem count, não como sua única cópia [0]",
    "reads {source}, whose count is 0": "lê {source}, cujo count é 0",
    "reads {source}, whose count is not 1, 0 or a choice of them": "lê {source}, cujo count não é 1, 0 nem uma escolha entre eles",
    "{address}: {arguments} became {name} ({type}), a resource of its own, as the provider applies them with a call of their own.": "{address}: {arguments} tornou-se {name} ({type}), um recurso próprio, pois o provedor os aplica com uma chamada própria.",
    "{type} would need one copy per item of {argument} in each copy of the resource, which ROS's Count cannot say": "{type} precisaria de uma cópia por item de {argument} em cada cópia do recurso, o que o Count do ROS não consegue expressar",
    "it repeats a block over copies known only at deploy time, which ROS cannot list here": "repete um bloco sobre cópias conhecidas apenas na implantação, o que o ROS não consegue listar aqui",
    "ROS cannot compute the blocks from the parameter there": "o ROS não consegue calcular ali os blocos a partir do parâmetro",
    "the dynamic block {name} was repeated over the default of {variable} ({reason}), so a different value at deploy time is not followed.": "o bloco dinâmico {name} foi repetido sobre o valor padrão de {variable} ({reason}), portanto outro valor na implantação não é seguido.",
    "reads a file whose path is only known at deploy time": "lê um arquivo cujo caminho só é conhecido na implantação",
    "The configuration reads {path}, which is not in the Workspace (missing, or not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.": "A configuração lê {path}, que não está no Workspace (ausente ou não é texto UTF-8), portanto o Terraform não consegue lê-lo quando o ROS implanta a pilha.",
    "The path {path} names {file} from the root module's folder; with the root module at the top of the Workspace it no longer leads there, so Terraform fails to read it when ROS deploys the stack; copy the file into that folder.": "O caminho {path} indica {file} a partir da pasta do módulo raiz; com o módulo raiz no topo do Workspace ele já não leva até lá, portanto o Terraform não consegue lê-lo quando o ROS implanta a pilha; copie o arquivo para essa pasta.",
    "its path is only known at deploy time, when ROS cannot read a local file": "seu caminho só é conhecido na implantação, quando o ROS não consegue ler um arquivo local",
    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added for the same value.": "{address}: {argument} = {expr} {reason}; usa o parâmetro {name}, adicionado para o mesmo valor.",
    "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not and Fn::Equals there, with the functions its reference lists inside them.": "Conditions não pode usar {function}: o ROS avalia ali apenas Fn::And, Fn::Or, Fn::Not e Fn::Equals, com as funções que sua referência lista dentro delas.",
    "Compute the value in the property instead (Fn::If, Fn::Jq), or test the parameters with Fn::Equals.": "Calcule o valor na propriedade (Fn::If, Fn::Jq), ou teste os parâmetros com Fn::Equals.",
    "has a test that ROS cannot evaluate in its Conditions (a value of each copy, or a function of the stack's creation)": "tem um teste que o ROS não consegue avaliar em suas Conditions (um valor de cada cópia ou uma função da criação da pilha)",
    "the vendor's rules send it to {name}, which {path} of {type} does not have": "as regras do fornecedor o enviam para {name}, que {path} de {type} não tem",
    "written blocks stand beside it": "há blocos escritos ao lado dele",
    "its test is no Condition ROS can evaluate": "seu teste não é uma Condition que o ROS possa avaliar",
    "the dynamic block {name} was repeated over the default of {variable}, since its test {test} {reason}, so a different value at deploy time is not followed.": "o bloco dinâmico {name} foi repetido sobre o padrão de {variable}, pois seu teste {test} {reason}, então um valor diferente na implantação não é seguido.",
    "its {argument} names no resource this template creates, and ROS sets it on the instance only": "seu {argument} não nomeia nenhum recurso que este modelo cria, e o ROS só o define na instância",
    "makes copies, which ROS cannot write into one instance": "cria cópias, que o ROS não consegue escrever em uma instância",
    "{address} became {properties} of {name}, as ROS sets it on the instance.": "{address} tornou-se {properties} de {name}, pois o ROS o define na instância.",
    "{address}: where {argument} names another instance than {name} (an existing one), ROS cannot set this on it.": "{address}: quando {argument} nomeia outra instância que não {name} (uma existente), o ROS não consegue definir isso nela.",
    "{argument} = {expr} {reason}": "{argument} = {expr} {reason}",
    "ROS requires {name}": "o ROS exige {name}",
    "it names a copy of an instance with Count, which ROS sets as one": "nomeia uma cópia de uma instância com Count, que o ROS configura como uma só",
    "it names {name} only where {name} is not created": "nomeia {name} apenas onde {name} não é criado",
    "it does not set {fields}, which {name} of {type} needs": "não define {fields}, de que {name} de {type} precisa",
    "{address}: {arguments} not converted, as {name} already has a value there (its own, or another policy's); Terraform would change it once the instance exists.": "{address}: {arguments} não convertido, pois {name} já tem um valor ali (o seu ou o de outra política); o Terraform o alteraria depois que a instância existir.",
}
