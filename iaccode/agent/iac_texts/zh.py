"""Chinese (Simplified) translations of the IaC texts: English template -> Chinese (Simplified) template."""

TEXTS: dict[str, str] = {
    "data disk category {category}": "数据盘类别 {category}",
    "system disk category {category}": "系统盘类别 {category}",
    "performance level {level}": "性能级别 {level}",
    "the building blocks leave it at the category's default": "构建块保留该类别的默认值",
    "the listeners keep the load balancer's default health check": "监听保留负载均衡的默认健康检查",
    "versioning on the bucket": "存储桶的版本控制",
    "objects deleted after {days} days": "{days} 天后删除对象",
    "server-side encryption of the bucket (AES256)": "存储桶的服务端加密 (AES256)",
    "read-only access to the bucket for the RAM user": "RAM 用户对存储桶的只读访问权限",
    "full access to the bucket for the RAM user": "RAM 用户对存储桶的完全访问权限",
    "bucket access": "存储桶访问权限",
    "access is granted to the template's OSS bucket only": "只授予对模板中 OSS 存储桶的访问权限",
    "a lifecycle rule": "生命周期规则",
    "it is built for an OSS bucket only": "只为 OSS 存储桶创建",
    "the days must be from 1 to 36500": "天数必须在 1 到 36500 之间",
    "a RAM user": "一个 RAM 用户",
    "a RAM user with read-only access to the bucket": "一个对存储桶只读的 RAM 用户",
    "a RAM user with full access to the bucket": "一个对存储桶有完全访问权限的 RAM 用户",
    # iaccode/agent/offline.py
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
        "我正在使用离线引擎运行，无需模型或网络访问即可工作。\n"
        "\n"
        "离线状态下我可以：\n"
        "- 检查阿里云 ROS 模板：将模板粘贴到消息中（JSON 或 YAML，可以放在代码块中，也可以不放），"
        "或指定工作区中的模板文件，我会按每种 ROS 资源类型的规范检查：结构、参数、引用、函数、依赖"
        "、输出、属性及其取值。\n"
        "- 将 Terraform 转换为 ROS：粘贴 HCL 代码，或指定工作区中的某个目录；如需保持 Terraform 文"
        "件原样，请要求使用兼容形式。\n"
        "- 用构建块创建模板：VPC 和交换机、安全组、ECS、SLB 和 ALB、RDS、PolarDB、Redis、OSS、NAT "
        "网关、弹性伸缩、Kubernetes (ACK)、SLS 和 RAM，输出为 ROS YAML、JSON 或 Terraform，直接用中"
        "文描述即可，例如“创建一个带两个交换机的VPC”。\n"
        "- 提供阿里云凭证时：用 ROS 校验模板、预览或询价，以及创建、更新或删除资源栈（每次变更都会"
        "先征求您的许可）。\n"
        "\n"
        "其他任何需求（其他产品、概念解释）都需要语言模型：请使用 `engine: llm`（OpenAI 兼容的端点"
        "，例如 DashScope/Qwen）启动服务器。"
    ),
    "I could not convert the Terraform: {error}": "无法转换该 Terraform 配置：{error}",
    "The Terraform is wrapped unchanged in a ROS Terraform template.": (
        "已将 Terraform 配置原样封装到 ROS Terraform 模板中。"
    ),
    "The Terraform is converted to native ROS resources.": (
        "已将 Terraform 配置转换为原生 ROS 资源。"
    ),
    "The template is attached as {filename}.": "模板已作为 {filename} 附上。",
    "I could not build that template: {error}": "无法生成该模板：{error}",
    "The template is attached as {filename}; fill in the parameters when you create the stack.": (
        "模板已作为 {filename} 附上；请在创建资源栈时填写参数。"
    ),
    # iaccode/iac/blocks.py
    "a VPC ({cidr}) with 1 vSwitch": "含 1 个交换机的 VPC（{cidr}）",
    "a VPC ({cidr}) with {count} vSwitches": "含 {count} 个交换机的 VPC（{cidr}）",
    "a security group": "安全组",
    "1 ECS instance": "1台 ECS 实例",
    "{count} ECS instances": "{count}台 ECS 实例",
    "a load balancer": "负载均衡实例",
    "an RDS {engine} {version} instance": "RDS {engine} {version} 实例",
    "an OSS bucket": "OSS 存储空间",
    "Creates {listed} in {region} (iaccode building blocks).": (
        "在 {region} 创建以下资源：{listed}（iaccode 构建块）。"
    ),
    "Creates {listed} (iaccode building blocks).": "创建以下资源：{listed}（iaccode 构建块）。",
    # iaccode/iac/msg.py
    "{first}, {second}": "{first}、{second}",
    "{first} and {second}": "{first}和{second}",
    "{first} or {second}": "{first}或{second}",
    # iaccode/iac/ros_check.py
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.": (
        "请在模板顶部设置 ROSTemplateFormatVersion: '{version}'。"
    ),
    "The parameter name {name!r} contains {chars}, which parameter names cannot contain.": (
        "参数名 {name!r} 包含参数名中不允许使用的字符 {chars}。"
    ),
    "The local name {name!r} contains {chars}, which local names cannot contain.": (
        "本地变量名 {name!r} 包含本地变量名中不允许使用的字符 {chars}。"
    ),
    "The resource name {name!r} contains {chars}, which resource names cannot contain.": (
        "资源名 {name!r} 包含资源名中不允许使用的字符 {chars}。"
    ),
    "The condition name {name!r} contains {chars}, which condition names cannot contain.": (
        "条件名 {name!r} 包含条件名中不允许使用的字符 {chars}。"
    ),
    "The template is empty.": "模板为空。",
    "The template must be a mapping of sections, not {kind}.": (
        "模板必须是由各部分组成的映射，而不是 {kind}。"
    ),
    (
        "Start the template with ROSTemplateFormatVersion: '{version}' followed by sections such as "
        "Parameters and Resources."
    ): ("模板应以 ROSTemplateFormatVersion: '{version}' 开头，后接 Parameters、Resources 等部分。"),
    "The template has no ROSTemplateFormatVersion.": "模板缺少 ROSTemplateFormatVersion。",
    "ROSTemplateFormatVersion is written as an unquoted YAML date.": (
        "ROSTemplateFormatVersion 被写成了未加引号的 YAML 日期。"
    ),
    "Quote it as '{version}' so every YAML reader sees a string.": (
        "请加上引号写成 '{version}'，使所有 YAML 解析器都将其视为字符串。"
    ),
    "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.": (
        "ROSTemplateFormatVersion 为 {value}，但唯一有效的值是 {version}。"
    ),
    "{key!r} is not a ROS template section.": "{key!r} 不是 ROS 模板中的有效部分。",
    "Remove it or move its content.": "请将其删除，或将其内容移到别处。",
    "The {section} section must be a mapping, not {value}.": (
        "{section} 部分必须是映射，而不是 {value}。"
    ),
    "Write {section} as a mapping of names to definitions.": (
        "请将 {section} 写成从名称到定义的映射。"
    ),
    "{section} must be a string, not {value}.": "{section} 必须是字符串，而不是 {value}。",
    "Write {section} as a single string.": "请将 {section} 写成单个字符串。",
    "The template defines no resources.": "模板未定义任何资源。",
    "The Resources section is empty.": "Resources 部分为空。",
    (
        "Add at least one resource under Resources, or a Transform and Workspace for a Terraform "
        "template."
    ): (
        "请在 Resources 下至少添加一个资源；如果是 Terraform 模板，请添加 Transform 和 Workspace。"
    ),
    "is empty": "为空",
    "is absolute": "是绝对路径",
    "contains '..'": "包含 '..'",
    "Workspace is set, but without a Terraform Transform ROS ignores it.": (
        "已设置 Workspace，但由于没有 Terraform Transform，ROS 会忽略它。"
    ),
    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove Workspace.": (
        "请添加 Transform: 'Aliyun::Terraform-v1.5'（或某个 OpenTofu 版本），或删除 Workspace。"
    ),
    "The template has a Terraform Transform but no Workspace with Terraform files.": (
        "模板设置了 Terraform Transform，但没有包含 Terraform 文件的 Workspace。"
    ),
    "Add Workspace mapping file paths such as main.tf to their Terraform source.": (
        "请添加 Workspace，将 main.tf 等文件路径映射到对应的 Terraform 源码。"
    ),
    (
        "The Workspace path {name!r} {problem}; paths must be relative and stay inside the "
        "workspace."
    ): ("Workspace 路径 {name!r} {problem}；路径必须是相对路径，且不能超出工作区。"),
    "Use a relative path such as main.tf or modules/vpc/main.tf.": (
        "请使用相对路径，例如 main.tf 或 modules/vpc/main.tf。"
    ),
    "The Workspace file {name!r} must have text content, not {value}.": (
        "Workspace 文件 {name!r} 的内容必须是文本，而不是 {value}。"
    ),
    "Give the file's Terraform source as a string (a YAML block with |).": (
        "请以字符串形式提供该文件的 Terraform 源码（使用 | 的 YAML 块）。"
    ),
    "The Workspace has no .tf file, so there is no Terraform configuration to run.": (
        "Workspace 中没有 .tf 文件，因此没有可运行的 Terraform 配置。"
    ),
    "Add at least one Terraform file, such as main.tf.": (
        "请至少添加一个 Terraform 文件，例如 main.tf。"
    ),
    "Rename it, for example to {cleaned!r}, and update every reference to it.": (
        "请将其重命名（例如改为 {cleaned!r}），并更新所有对它的引用。"
    ),
    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.": (
        "名称 {name!r} 同时在 {sections} 中定义，因此对它的 Ref 存在歧义。"
    ),
    "Rename one of them so every name is unique across the template.": (
        "请重命名其中之一，使每个名称在整个模板中唯一。"
    ),
    "Output {name} must be a mapping with a Value, not {value}.": (
        "输出 {name} 必须是包含 Value 的映射，而不是 {value}。"
    ),
    "Write the output as a mapping with Value, Description and Label.": (
        "请将输出写成包含 Value、Description 和 Label 的映射。"
    ),
    "Output {name} has the unknown key {key!r}.": "输出 {name} 包含未知的键 {key!r}。",
    "Remove it; outputs take Value, Description, Label and Condition.": (
        "请将其删除；输出支持的键为 Value、Description、Label 和 Condition。"
    ),
    "Output {name} has no Value.": "输出 {name} 缺少 Value。",
    "Add a Value, for example a Ref or Fn::GetAtt of a resource.": (
        "请添加 Value，例如引用资源的 Ref 或 Fn::GetAtt。"
    ),
    "output {name}": "输出 {name}",
    (
        "Output {name} has no Label, which the iac-code style asks for so the console shows a "
        "readable name."
    ): ("输出 {name} 缺少 Label；iac-code 规范要求设置 Label，以便控制台显示易读的名称。"),
    "Add a short Label such as 'VPC ID'.": "请添加简短的 Label，例如 'VPC ID'。",
    # iaccode/iac/ros_context.py
    "Use {match!r} if that is what you meant, or {otherwise}": (
        "如果您指的是 {match!r}，请使用它；否则，{otherwise}"
    ),
    "The condition of {where} must be the name of a condition, not {value}.": (
        "{where} 的条件必须是条件名称，而不是 {value}。"
    ),
    "Define the expression under Conditions and use its name here.": (
        "请在 Conditions 下定义该表达式，并在此处使用其名称。"
    ),
    "Add a condition named {name!r} under Conditions, or remove the reference.": (
        "请在 Conditions 下添加名为 {name!r} 的条件，或删除该引用。"
    ),
    "Add a condition named {name!r} under Conditions, or use an existing one.": (
        "请在 Conditions 下添加名为 {name!r} 的条件，或使用已有的条件。"
    ),
    "The condition {name!r} used by {where} is not defined in Conditions.": (
        "{where} 使用的条件 {name!r} 未在 Conditions 中定义。"
    ),
    # iaccode/iac/ros_loader.py
    "The template nests values more than {limit} levels deep.": (
        "模板中值的嵌套深度超过 {limit} 层。"
    ),
    "Flatten the deeply nested part; real templates stay within a few dozen levels.": (
        "请减少深层嵌套部分的层级；实际模板的嵌套通常不超过几十层。"
    ),
    (
        "The template expands to more than {limit} values, usually through YAML aliases that repeat "
        "large anchors."
    ): ("模板展开后超过 {limit} 个值，通常是由于 YAML 别名重复引用了大型锚点。"),
    "Write the repeated parts out or use fewer aliases; templates rarely need them.": (
        "请直接写出重复部分或减少别名的使用；模板很少需要别名。"
    ),
    "The template contains a YAML alias that refers to itself.": "模板包含引用自身的 YAML 别名。",
    "Remove the recursive alias; a template must be a finite tree.": (
        "请删除递归别名；模板必须是有限的树结构。"
    ),
    "The key {key!r} appears more than once in this mapping, so only its last value is used.": (
        "键 {key!r} 在此映射中出现了多次，只有最后一个值生效。"
    ),
    "Remove or rename the duplicate key.": "请删除或重命名重复的键。",
    "The template is not valid JSON or YAML: {detail}.": "模板不是有效的 JSON 或 YAML：{detail}。",
    (
        "Fix the syntax at the given line; YAML needs consistent space indentation and 'key: value' "
        "pairs, and values with ': ' or '#' in them must be quoted."
    ): (
        "请修复所指行的语法；YAML 需要一致的空格缩进和 'key: value' 键值对，"
        "包含 ': ' 或 '#' 的值必须加引号。"
    ),
    "The template looks like JSON but is not valid JSON: {detail}.": (
        "模板看起来是 JSON，但不是有效的 JSON：{detail}。"
    ),
    (
        "Fix the JSON syntax at the given line; keys need double quotes, members need commas "
        "between them and no trailing comma."
    ): (
        "请修复所指行的 JSON 语法；键必须使用双引号，成员之间需要逗号分隔，且末尾不能有多余的逗号。"
    ),
    "Fix the JSON value; numbers longer than a few thousand digits are not accepted.": (
        "请修复该 JSON 值；不接受超过几千位的数字。"
    ),
    "The key {key!r} appears more than once in this object, so only its last value is used.": (
        "键 {key!r} 在此对象中出现了多次，只有最后一个值生效。"
    ),
    "The template body must be text, not {kind}.": "模板内容必须是文本，而不是 {kind}。",
    "Pass the template as a JSON or YAML string.": "请以 JSON 或 YAML 字符串形式传入模板。",
    "The template is larger than the limit of {limit} bytes (2 MiB).": (
        "模板大小超过了 {limit} 字节（2 MiB）的上限。"
    ),
    "Split the template into nested stacks or modules, or move large scripts out of UserData.": (
        "请将模板拆分为嵌套资源栈或模块，或将大型脚本移出 UserData。"
    ),
    # iaccode/iac/ros_parameters.py
    "Parameter {name} must be a mapping with a Type, not {value}.": (
        "参数 {name} 必须是包含 Type 的映射，而不是 {value}。"
    ),
    "Write the parameter as a mapping, for example {{Type: String}}.": (
        "请将参数写成映射，例如 {{Type: String}}。"
    ),
    "Parameter {name} has the unknown attribute {key!r}.": "参数 {name} 包含未知属性 {key!r}。",
    "Remove it.": "请将其删除。",
    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no effect.": (
        "参数 {name} 从未被 Ref 或 Fn::Sub 使用，因此其值不起作用。"
    ),
    "Reference it with Ref {name} where it is needed, or remove it.": (
        "请在需要的地方用 Ref {name} 引用它，或将其删除。"
    ),
    "Parameter {name} has no Type.": "参数 {name} 缺少 Type。",
    "Add Type: String (or Number, CommaDelimitedList, Json, Boolean).": (
        "请添加 Type: String（或 Number、CommaDelimitedList、Json、Boolean）。"
    ),
    "Parameter {name} has the unknown Type {value}.": "参数 {name} 的 Type {value} 未知。",
    "Use one of: {choices}.": "请使用以下值之一：{choices}。",
    "{key} must be a whole number of characters, not {value}.": (
        "{key} 必须是表示字符数的整数，而不是 {value}。"
    ),
    "Set {key} to a non-negative integer such as 8.": "请将 {key} 设为非负整数，例如 8。",
    "{key} must be a number, not {value}.": "{key} 必须是数字，而不是 {value}。",
    "Set {key} to a number such as 1.": "请将 {key} 设为数字，例如 1。",
    "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is allowed.": (
        "{low_key}（{low:g}）大于 {high_key}（{high:g}），因此不允许任何值。"
    ),
    "Make {low_key} less than or equal to {high_key}.": "请使 {low_key} 小于或等于 {high_key}。",
    "AllowedPattern must be a regular expression string, not {value}.": (
        "AllowedPattern 必须是正则表达式字符串，而不是 {value}。"
    ),
    "Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'.": (
        "请给该模式加上引号，例如 AllowedPattern: '^[a-z0-9-]+$'。"
    ),
    "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).": (
        "AllowedPattern {pattern!r} 不是有效的正则表达式（{reason}）。"
    ),
    "Fix the pattern; remember to escape special characters such as '.' and '('.": (
        "请修正该模式；注意转义 '.' 和 '(' 等特殊字符。"
    ),
    "AllowedValues must be a list, not {value}.": "AllowedValues 必须是列表，而不是 {value}。",
    "Write AllowedValues as a list, for example [small, large].": (
        "请将 AllowedValues 写成列表，例如 [small, large]。"
    ),
    "The Default of Number parameter {name} is {value}, not a number.": (
        "Number 类型参数 {name} 的 Default 为 {value}，不是数字。"
    ),
    "Set Default to a number, or change Type to String.": (
        "请将 Default 设为数字，或将 Type 改为 String。"
    ),
    "The Default {number:g} of parameter {name} is outside {range}.": (
        "参数 {name} 的 Default {number:g} 超出了 {range}。"
    ),
    "Change Default or the MinValue/MaxValue bounds so the default is allowed.": (
        "请修改 Default 或 MinValue/MaxValue 边界，使默认值在允许范围内。"
    ),
    "The Default of Boolean parameter {name} is {value}, not true or false.": (
        "Boolean 类型参数 {name} 的 Default 为 {value}，不是 true 或 false。"
    ),
    "Set Default to true or false.": "请将 Default 设为 true 或 false。",
    "The Default of parameter {name} is {length} characters long, outside {range}.": (
        "参数 {name} 的 Default 长度为 {length} 个字符，超出了 {range}。"
    ),
    "Change Default or the MinLength/MaxLength bounds so the default is allowed.": (
        "请修改 Default 或 MinLength/MaxLength 边界，使默认值在允许范围内。"
    ),
    "The Default {default!r} of parameter {name} does not match AllowedPattern {pattern!r}.": (
        "参数 {name} 的 Default {default!r} 与 AllowedPattern {pattern!r} 不匹配。"
    ),
    "Change Default so the whole value matches the pattern, or relax the pattern.": (
        "请修改 Default，使整个值都匹配该模式，或放宽该模式。"
    ),
    "the range set by {bounds}": "{bounds} 设定的范围",
    "The Default {value} of parameter {name} is not one of AllowedValues.": (
        "参数 {name} 的 Default {value} 不在 AllowedValues 中。"
    ),
    "Use one of the allowed values ({choices}) or add the default to AllowedValues.": (
        "请使用允许的值之一（{choices}），或将该默认值添加到 AllowedValues。"
    ),
    # iaccode/iac/ros_refs.py
    (
        "The template has more than {limit} values, so checking stopped early and some problems may "
        "be unreported."
    ): ("模板包含超过 {limit} 个值，因此检查已提前停止，部分问题可能未被报告。"),
    "Split the template into smaller nested stacks or modules.": (
        "请将模板拆分为更小的嵌套资源栈或模块。"
    ),
    "The document contains itself or nests too deeply, so checking skipped that part.": (
        "文档包含自身或嵌套过深，因此检查跳过了该部分。"
    ),
    "Pass a finite tree of at most 100 levels, as a parsed template is.": (
        "请像解析后的模板那样，传入最多 100 层的有限树结构。"
    ),
    "Resource {resource} of type {kind} has no attribute {attribute!r}.": (
        "类型为 {kind} 的资源 {resource} 没有属性 {attribute!r}。"
    ),
    "Use one of the attributes of {kind}: {listing}.": "请使用 {kind} 的以下属性之一：{listing}。",
    "Use Ref {name} for a parameter or local, since {how} needs a resource.": (
        "{how} 需要的是资源；参数或本地变量请用 Ref {name} 引用。"
    ),
    "Name a resource defined under Resources.": "请指定在 Resources 下定义的资源。",
    "{how} refers to {value}, which is not a resource in this template.": (
        "{how} 引用了 {value}，但它不是此模板中的资源。"
    ),
    "Ref must name a parameter, resource or pseudo parameter, not {value}.": (
        "Ref 必须指定参数、资源或伪参数的名称，而不是 {value}。"
    ),
    "Write the name as a plain string, for example Ref: VpcId.": (
        "请将名称写成普通字符串，例如 Ref: VpcId。"
    ),
    (
        "ALIYUN::Index is used in {where}, which is not a resource with Count, so it has no value "
        "there."
    ): (
        "ALIYUN::Index 用在了 {where} 中，但该处不是设置了 Count 的资源，"
        "因此 ALIYUN::Index 在此没有值。"
    ),
    "Use ALIYUN::Index only inside the Properties of a resource that sets Count.": (
        "ALIYUN::Index 只能用在设置了 Count 的资源的 Properties 中。"
    ),
    "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo parameter.": (
        "Ref 引用了 {name!r}，但它不是参数、资源、本地变量或伪参数。"
    ),
    "Define {name!r} under Parameters or Resources.": (
        "请在 Parameters 或 Resources 下定义 {name!r}。"
    ),
    "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.": (
        "Fn::GetAtt 需要 [resource, attribute] 或 'Resource.Attribute' 形式，而不是 {value}。"
    ),
    "Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId.": (
        "请写成 Fn::GetAtt: [MyVpc, VpcId]，在 YAML 中也可写成 !GetAtt MyVpc.VpcId。"
    ),
    "Fn::Sub needs a string or [string, variables], not {value}.": (
        "Fn::Sub 需要字符串或 [string, variables]，而不是 {value}。"
    ),
    "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', {{Var: value}}].": (
        "请写成 Fn::Sub: 'text ${{Name}}' 或 Fn::Sub: ['text ${{Var}}', {{Var: value}}]。"
    ),
    "Fn::Sub placeholder {placeholder}": "Fn::Sub 占位符 {placeholder}",
    "Fn::Sub placeholder {placeholder} names nothing defined in this template.": (
        "Fn::Sub 占位符 {placeholder} 引用的名称未在此模板中定义。"
    ),
    (
        "Define {name!r} as a parameter or resource, or write {escaped} for a literal '${{' in the "
        "output."
    ): ("请将 {name!r} 定义为参数或资源；如需在输出中保留字面量 '${{'，请写成 {escaped}。"),
    "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.": (
        "Fn::FindInMap 引用了映射 {name!r}，但它未在 Mappings 中定义。"
    ),
    "Add a mapping named {name!r} under Mappings.": "请在 Mappings 下添加名为 {name!r} 的映射。",
    "The mapping {name!r} has no top-level key {key!r}.": "映射 {name!r} 中没有一级键 {key!r}。",
    "The mapping {name!r} has no second-level key {key!r}.": "映射 {name!r} 中没有二级键 {key!r}。",
    "Add {key!r} to the mapping {name!r}.": "请将 {key!r} 添加到映射 {name!r} 中。",
    "condition {name}": "条件 {name}",
    "{function} is not a ROS function.": "{function} 不是 ROS 函数。",
    "Use one of the ROS intrinsic functions, such as Fn::Join.": (
        "请使用 ROS 内置函数，例如 Fn::Join。"
    ),
    "{name} (local)": "{name}（本地变量）",
    "... {count} more ...": "... 另有 {count} 项 ...",
    "{name} depends on itself ({chain}), so it can never be created.": (
        "{name} 依赖于自身（{chain}），因此永远无法创建。"
    ),
    (
        "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order their "
        "creation."
    ): ("{count} 个条目之间存在循环依赖（{chain}），因此 ROS 无法确定它们的创建顺序。"),
    (
        "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or Fn::Sub "
        "reference between them."
    ): (
        "请删除它们之间的一个 DependsOn 条目，或一个 Ref、Fn::GetAtt 或 Fn::Sub 引用，以打破循环。"
    ),
    # iaccode/iac/ros_report.py
    "template": "模板",
    "line {line}": "第 {line} 行",
    "line {line}, column {column}": "第 {line} 行，第 {column} 列",
    "{count} error": "{count}个错误",
    "{count} errors": "{count}个错误",
    "{count} warning": "{count}个警告",
    "{count} warnings": "{count}个警告",
    "{count} note": "{count}条提示",
    "{count} notes": "{count}条提示",
    "Errors ({count}):": "错误（{count}）：",
    "Warnings ({count}):": "警告（{count}）：",
    "Notes ({count}):": "提示（{count}）：",
    "Template check failed with {counted}; fix the errors before deploying.": (
        "模板检查未通过（{counted}），请在部署前修复错误。"
    ),
    "Template check passed with {counted}; review the warnings before deploying.": (
        "模板检查通过（{counted}），请在部署前查看警告。"
    ),
    "Template check passed with {counted} and no errors or warnings.": (
        "模板检查通过（{counted}，无错误或警告）。"
    ),
    "Template check passed with no errors, warnings or notes.": (
        "模板检查通过，没有错误、警告或提示。"
    ),
    "Fix: {hint}": "修复建议：{hint}",
    # iaccode/iac/ros_resources.py
    "Resource {name} must be a mapping with a Type, not {value}.": (
        "资源 {name} 必须是包含 Type 的映射，而不是 {value}。"
    ),
    "Write the resource as a mapping with Type and Properties keys.": (
        "请将资源写成包含 Type 和 Properties 键的映射。"
    ),
    "resource {name}": "资源 {name}",
    "The Properties of resource {name} must be a mapping, not {value}.": (
        "资源 {name} 的 Properties 必须是映射，而不是 {value}。"
    ),
    "Write Properties as a mapping of property names to values.": (
        "请将 Properties 写成从属性名到值的映射。"
    ),
    "Resource {name} has the unknown attribute {key!r}.": "资源 {name} 包含未知属性 {key!r}。",
    "Move it under Properties if it is a property, or remove it.": (
        "请将其移到 Properties 下（如果它是属性），或将其删除。"
    ),
    "Resource {name} has no Type.": "资源 {name} 缺少 Type。",
    "The Type of resource {name} must be a string, not {value}.": (
        "资源 {name} 的 Type 必须是字符串，而不是 {value}。"
    ),
    "Set Type to a ROS resource type such as ALIYUN::ECS::VPC.": (
        "请将 Type 设为 ROS 资源类型，例如 ALIYUN::ECS::VPC。"
    ),
    (
        "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or Custom::, "
        "so ROS will not recognise it."
    ): (
        "资源类型 {kind!r} 不以 ALIYUN::、DATASOURCE::、MODULE:: 或 Custom:: 开头，"
        "因此 ROS 无法识别。"
    ),
    "Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance.": (
        "请使用阿里云 ROS 资源类型，例如 ALIYUN::ECS::Instance。"
    ),
    "DependsOn of resource {name} must be a resource name or a list of names, not {value}.": (
        "资源 {name} 的 DependsOn 必须是资源名称或名称列表，而不是 {value}。"
    ),
    "Write DependsOn as a name or a list of resource names.": (
        "请将 DependsOn 写成资源名称或资源名称列表。"
    ),
    "Resource {name} depends on {value}, which is not a resource in this template.": (
        "资源 {name} 依赖于 {value}，但它不是此模板中的资源。"
    ),
    "Resource {name} ({kind}) is missing the required property {key}.": (
        "资源 {name}（{kind}）缺少必需属性 {key}。"
    ),
    "Add {key} under Properties, as a literal or a Ref to a parameter.": (
        "请在 Properties 下添加 {key}，可以是字面值，也可以是引用参数的 Ref。"
    ),
    "Resource {name} ({kind}) has no {key}, which it needs in practice.": (
        "资源 {name}（{kind}）未设置 {key}，而实际部署时需要该属性。"
    ),
    "Add {key} under Properties, ideally as a parameter so it fits the region.": (
        "请在 Properties 下添加 {key}，最好将其设为参数，以便适配地域。"
    ),
    "{key} of resource {name} is {value!r}, which is not among the values the ROS schema lists for {kind}; that list is known to be wrong here.": (
        "资源 {name} 的 {key} 为 {value!r}，不在 ROS 架构为 {kind} 列出的取值中；已知该列表在此处有误。"
    ),
    "Check the value against the {kind} documentation.": "请对照 {kind} 的文档检查该值。",
    "{key} of resource {name} is {value!r}, which {kind} does not accept.": (
        "资源 {name} 的 {key} 为 {value!r}，{kind} 不接受该值。"
    ),
    "is not an IPv4 network": "不是 IPv4 网段",
    "has no prefix length": "缺少前缀长度",
    "has host bits set (the network is {network})": "设置了主机位（对应网段为 {network}）",
    "The CIDR block {cidr!r} of resource {name} {problem}.": (
        "资源 {name} 的 CIDR 块 {cidr!r} {problem}。"
    ),
    "Write an IPv4 network with its prefix length, such as 192.168.0.0/16.": (
        "请写成带前缀长度的 IPv4 网段，例如 192.168.0.0/16。"
    ),
    "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} ({ranges}).": (
        "交换机 {name} 使用的 {network} 超出了 VPC {vpc} 的网段范围（{ranges}）。"
    ),
    "Choose a CIDR block for {name} inside {ranges}.": (
        "请为 {name} 选择位于 {ranges} 内的 CIDR 块。"
    ),
    (
        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch {other} in the "
        "same VPC."
    ): ("交换机 {name} 使用的 {network} 与同一 VPC 中交换机 {other} 的 {other_network} 重叠。"),
    "Give each VSwitch of a VPC its own non-overlapping CIDR block.": (
        "请为同一 VPC 中的每个交换机分配互不重叠的 CIDR 块。"
    ),
    # iaccode/iac/terraform.py
    (
        "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
        "'Aliyun::Terraform-v1.x' (for example v1.5)."
    ): (
        "Transform {transform!r} 不是 ROS 的 Terraform 引擎；"
        "请使用 {default!r} 或 'Aliyun::Terraform-v1.x'（例如 v1.5）。"
    ),
    # iaccode/iac/tf_convert.py
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged": (
        "请使用兼容封装（wrap_terraform），它会原样部署 Terraform 文件"
    ),
    "{type} has no native ROS mapping here": "{type} 在此没有对应的原生 ROS 映射",
    "{address}: {note}.": "{address}：{note}。",
    "{addresses}: {what}, so it was left out; to deploy it, {hint}.": (
        "{addresses}：{what}，因此已略过；如需部署，{hint}。"
    ),
    "is part of a reference cycle": "属于循环引用的一部分",
    (
        "{address}: sets nothing that maps to {key}, which {kind} needs; added parameter {name} for "
        "it, to be set when the stack is created."
    ): (
        "{address}：没有设置任何可映射到 {key} 的值，而 {kind} 需要该属性；已为其添加参数 {name}，"
        "需在创建资源栈时设置。"
    ),
    "{address}: depends_on {item!r} names nothing converted, so it was dropped.": (
        "{address}：depends_on {item!r} 未指向任何已转换的资源，因此已将其移除。"
    ),
    "{address}: value {expr} {reason}, so the output was left out.": (
        "{address}：值 {expr} {reason}，因此已略过该输出。"
    ),
    "There is no .tf file at the top of the workspace (root module).": (
        "工作区顶层（根模块）中没有 .tf 文件。"
    ),
    "there are no resources": "没有任何资源",
    "None of the resources could be converted to native ROS resources ({left_out}); {hint}.": (
        "没有任何资源能转换为原生 ROS 资源（{left_out}）；{hint}。"
    ),
    # iaccode/iac/tf_files.py
    "An extra file suffix is empty; give suffixes such as '.sh'.": (
        "额外的文件后缀为空；请提供 '.sh' 之类的后缀。"
    ),
    "{directory} is not a directory with Terraform files.": (
        "{directory} 不是包含 Terraform 文件的目录。"
    ),
    "Cannot list {path}: {reason}.": "无法列出 {path} 的内容：{reason}。",
    "{path} is a symlink to a missing file.": "{path} 是指向不存在文件的符号链接。",
    (
        "The directory has more than {limit} Terraform files (ROS accepts at most 50 Workspace "
        "files); remove unused files or raise the limit."
    ): (
        "目录中的 Terraform 文件超过 {limit} 个（ROS 最多接受 50 个 Workspace 文件）；"
        "请删除未使用的文件或提高上限。"
    ),
    (
        "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS template "
        "body has to stay small, so remove large files or raise the limit."
    ): (
        "Terraform 文件总大小超过 {limit} 字节（在 {path} 处超出）；ROS 模板内容必须保持较小，"
        "请删除大文件或提高上限。"
    ),
    (
        "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace files must be "
        "UTF-8."
    ): (
        "{path} 不是 UTF-8 文本（偏移量 {offset} 处有无效字节）；"
        "ROS Workspace 文件必须是 UTF-8 编码。"
    ),
    "Cannot read {path}: {reason}.": "无法读取 {path}：{reason}。",
    "contains a backslash; use '/' between folders": "包含反斜杠；请使用 '/' 分隔文件夹",
    "is longer than {limit} characters": "长度超过 {limit} 个字符",
    "has an empty, '.' or '..' segment": "包含空的、'.' 或 '..' 路径段",
    "has a name longer than {limit} characters": "包含长度超过 {limit} 个字符的名称",
    "No Terraform files were given.": "未提供任何 Terraform 文件。",
    "Workspace path {path!r} must be a string.": "Workspace 路径 {path!r} 必须是字符串。",
    "Workspace path {path!r} {problem}.": "Workspace 路径 {path!r} {problem}。",
    "{path} must be text, not {kind}.": "{path} 必须是文本，而不是 {kind}。",
    "There is no .tf file, so there is no Terraform configuration.": (
        "没有 .tf 文件，因此没有 Terraform 配置。"
    ),
    # iaccode/iac/tf_hcl.py
    "{path}, line {line}, column {column}": "{path} 第 {line} 行第 {column} 列",
    "{path}, line {line}": "{path} 第 {line} 行",
    "the file ends in the middle of a block or expression": "文件在块或表达式中间意外结束",
    "unexpected {token!r}": "意外的 {token!r}",
    "unexpected character {char!r}": "意外的字符 {char!r}",
    "{where}: not valid HCL ({what}).": "{where}：不是有效的 HCL（{what}）。",
    "{address} is declared twice, in {earlier} and {path}; Terraform rejects this too.": (
        "{address} 被声明了两次（分别在 {earlier} 和 {path} 中）；Terraform 同样会拒绝这种情况。"
    ),
    # iaccode/iac/tf_rules.py
    "{key} is {value}, not one of {choices}; converted as {default}": (
        "{key} 为 {value}，不是 {choices} 之一；已按 {default} 转换"
    ),
    # iaccode/iac/tf_values.py
    "uses a %{{...}} template directive": "使用了 %{{...}} 模板指令",
    "is used outside a resource with count": "在设置了 count 的资源之外使用",
    (
        "reads {attribute} of {source}; the parameter standing for it holds only the chosen id"
    ): "读取了 {source} 的 {attribute}，而代表它的参数只包含所选的 ID",
    "reads the data source {source}, which ROS cannot see": (
        "读取了数据源 {source}，而 ROS 无法访问它"
    ),
    "reads an output of module {module}, which is not converted": (
        "读取了模块 {module} 的输出，而该模块不会被转换"
    ),
    "uses {root}, which has no ROS equivalent": "使用了 {root}，它在 ROS 中没有对应项",
    "{variable} is used but not declared; added it as a String parameter.": (
        "{variable} 已被使用但未声明；已将其添加为 String 类型参数。"
    ),
    "reads {local}, which is not declared": "读取了未声明的 {local}",
    "reads {local}, which refers to itself": "读取了引用自身的 {local}",
    "reads {address}, which is not declared in these files": "读取了未在这些文件中声明的 {address}",
    "reads {address}, which was not converted": "读取了未被转换的 {address}",
    "reads a nested or whole-object value of a resource": "读取了资源的嵌套值或整个对象",
    "indexes {address}, which has no count": "对没有 count 的 {address} 使用了索引",
    "reads {attribute} of {address}, which has no ROS attribute": (
        "读取了 {address} 的 {attribute}，而它没有对应的 ROS 属性"
    ),
    "reads {attribute} of {address}, which it does not set: Terraform gives the provider's default or the computed value there, which ROS has no attribute for": (
        "读取了 {address} 未设置的 {attribute}：Terraform 在此给出提供方的默认值或计算出的值，而 ROS 没有对应的属性"
    ),
    "reads {attribute} of {address}, which differs per copy, and the copy or the number of copies is known only at deploy time": (
        "读取了 {address} 的 {attribute}，其值每个副本不同，而副本或副本数量要到部署时才知道"
    ),
    "{address}: {attribute} is read back as its blocks were given; Terraform's value also has the fields the provider fills in, which this one lacks.": (
        "{address}：{attribute} 按给出的块原样读回；Terraform 的值还包含提供方补全的字段，这里没有这些字段。"
    ),
    (
        "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be set when the "
        "stack is created."
    ): ("{address}：{argument} = {expr} {reason}；已为其添加参数 {name}，需在创建资源栈时设置。"),
    "uses a splat on a variable or local": "对变量或局部值使用了 splat 表达式",
    "calls {function}() with arguments it cannot use": "以无法使用的参数调用 {function}()",
    "calls {function}(), which has no ROS equivalent here": "调用了 {function}()，此处没有对应的 ROS 函数",
    "has a condition that is not true or false": "包含一个既不是 true 也不是 false 的条件",
    "has an object key that is not known in advance": "包含一个事先未知的对象键",
    "is a comparison that is only known at deploy time": "是一个只有在部署时才能确定的比较",
    "is a for expression over a value known only at deploy time": "是对只有在部署时才能确定的值的 for 表达式",
    "is a for expression whose filter is known only at deploy time": "是一个过滤条件只有在部署时才能确定的 for 表达式",
    "is an expression this converter does not read": "是本转换器无法读取的表达式",
    "it is given {count} times, and ROS takes one": "指定了 {count} 次，而 ROS 只接受一个",
    "its count is 0": "其 count 为 0",
    "its for_each is not a list, set or map known before deployment": "其 for_each 不是部署前已知的列表、集合或映射",
    "its for_each {reason}": "其 for_each {reason}",
    "its source {source!r} has no .tf files in the workspace": "其来源 {source!r} 在工作区中没有 .tf 文件",
    "its source {source!r} is not a local module, and its code is not guessed": "其来源 {source!r} 不是本地模块，不会猜测其代码",
    "its source {source!r} lies outside the workspace": "其来源 {source!r} 位于工作区之外",
    "its character set is not known in the files, or it has fewer characters than character classes (ROS puts each class in at least once)": "其字符集在文件中未知，或其字符数少于字符类别数（ROS 会让每个类别至少出现一次）",
    "its min and max are not literal whole numbers from 0 up": "其 min 和 max 不是从 0 起的整数字面量",
    "keepers not converted (ROS keeps the value for the stack's life)": "keepers 未转换（ROS 在资源栈的整个生命周期内保留该值）",
    "the password is an attribute of the stack (ALIYUN::RandomString), which Terraform marks sensitive": "密码成为资源栈的属性（ALIYUN::RandomString），而 Terraform 将其标记为敏感",
    "{address} became {name}, the UUID ROS gives each stack.": "{address} 变为 {name}，即 ROS 为每个资源栈分配的 UUID。",
    "{name} is known only at deploy time; converted as true": "{name} 仅在部署时可知；按 true 转换",
    "The folders a conversion reads hold more than {limit} entries; convert a smaller folder.": "转换读取的文件夹包含超过 {limit} 个条目；请转换更小的文件夹。",
    "The module folder {path} is a symlink to a place outside the workspace, which is not followed.": "模块文件夹 {path} 是指向工作区之外位置的符号链接，不会跟随。",
    "The root module {root} is at the top of the Workspace, as ROS runs it; the {count} other files it needs are under {outside}/ with their workspace paths, and the module sources naming them were rewritten to match.": "根模块 {root} 位于 Workspace 顶层，与 ROS 运行方式一致；它需要的其他 {count} 个文件以其工作区路径放在 {outside}/ 下，指向它们的模块来源已相应改写。",
    "The workspace has more than {limit} Terraform files where a conversion looks; convert a smaller folder.": "工作区中转换查看的位置有超过 {limit} 个 Terraform 文件；请转换更小的文件夹。",
    "There is no .tf file in the root module folder {root}.": "根模块文件夹 {root} 中没有 .tf 文件。",
    "{path} is a symlink to a place outside the Terraform directory, which is not followed; copy the file into the directory instead.": "{path} 是指向 Terraform 目录之外位置的符号链接，不会跟随；请改为将文件复制到该目录中。",
    "{path} is a symlink to a place outside the workspace, which is not followed; copy the file into the workspace instead.": "{path} 是指向工作区之外位置的符号链接，不会跟随；请改为将文件复制到工作区中。",
    "{path} is not a folder with .tf files (a root module).": "{path} 不是包含 .tf 文件的文件夹（根模块）。",
    '{path}: the source of module {name} could not be rewritten for the Workspace (write it as source = "..." on a line of its own), so the root module cannot be moved to the top of the Workspace.': '{path}：无法为 Workspace 改写模块 {name} 的来源（请将 source = "..." 单独写在一行），因此无法将根模块移到 Workspace 顶层。',
    "its value is computed JSON text, which ROS needs as an object": "其值是计算得到的 JSON 文本，而 ROS 需要对象",
    "its value is computed, so its nested arguments cannot be mapped": "其值是计算得到的，因此无法映射其嵌套参数",
    "its value is not JSON text": "其值不是 JSON 文本",
    "it has {count} items, and ROS takes {wanted}": "它有 {count} 项，而 ROS 接受 {wanted} 项",
    "it is {value!r}, not one of {choices}": "它是 {value!r}，不是 {choices} 之一",
    "its JSON text nests too deeply to read": "其 JSON 文本嵌套过深，无法读取",
    "its value is not a map, which this rule needs": "其值不是此规则所需的映射",
    "reads a whole resource, which has no ROS value": "读取了整个资源，它没有对应的 ROS 值",
    "sorter_type {kind!r} has no ROS form": "sorter_type {kind!r} 没有对应的 ROS 形式",
    "the mapping rules do not know it": "映射规则不认识它",
    "the vendor's rule for it cannot be followed ({why})": "无法遵循供应商对它的规则（{why}）",
    "{address} calls the module {source!r} within itself.": "{address} 在自身内部调用了模块 {source!r}。",
    "{address} nests modules more than {limit} deep, which is not converted.": "{address} 的模块嵌套超过 {limit} 层，不予转换。",
    "{address}: for_each over {variable} was unrolled over its default, so a different value at deploy time is not followed.": "{address}：对 {variable} 的 for_each 按其默认值展开，因此部署时的其他值不会生效。",
    "{address}: the dynamic block {name} was not converted ({reason}).": "{address}：dynamic 块 {name} 未转换（{reason}）。",
    "{address}: {arguments} not converted ({reason}), so the ROS resource uses its defaults there.": "{address}：{arguments} 未转换（{reason}），因此 ROS 资源在这些地方使用其默认值。",
    "{address}: {note}": "{address}：{note}",
    "{address}: {what}, so it was left out.": "{address}：{what}，因此已略去。",
    "{address}: {why}, so it was left out; {hint}.": "{address}：{why}，因此已略去；{hint}。",
    "{address}: {why}, so its resources were left out; {hint}.": "{address}：{why}，因此其资源已略去；{hint}。",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out.": "{found} 个 Terraform 资源：{native} 个原生转换，{lossy} 个有损转换，{dropped} 个略去。",
    "{path}: module {name} has the remote source {source!r}, which is not in the Workspace; ROS must download it when it deploys the stack.": "{path}：模块 {name} 的来源 {source!r} 是远程的，不在 Workspace 中；ROS 部署资源栈时必须下载它。",
    "{path}: module {name} has the source {source!r}, which is not in the Workspace, so the stack fails when Terraform initialises; wrap the directory that contains the module instead.": "{path}：模块 {name} 的来源 {source!r} 不在 Workspace 中，因此 Terraform 初始化时资源栈会失败；请改为包装包含该模块的目录。",
    "{source} became parameter {name}, chosen when the stack is created.": "{source} 变成了参数 {name}，在创建资源栈时选择。",
    "{type} has no property for it": "{type} 没有对应的属性",
    "{type} has no property {name}": "{type} 没有属性 {name}",
    "{variable}: the validation {condition} has no ROS parameter constraint, so ROS does not check it when the stack is created.": "{variable}：验证 {condition} 没有对应的 ROS 参数约束，因此 ROS 在创建资源栈时不会检查它。",
    "the vendor's rules leave it out, though {type} has a property {name}": "供应商的规则略去了它，尽管 {type} 有属性 {name}",
    "the vendor's rules say ROS has no property for it": "根据供应商的规则，ROS 没有对应的属性",
    "The Terraform nests values or expressions too deeply to convert.": "Terraform 中的值或表达式嵌套过深，无法转换。",
    "its for_each has {count} items, more than {limit}": "其 for_each 有 {count} 项，超过 {limit} 项",
    "passes template variables that are not known in advance": "传入了事先未知的模板变量",
    "reads a file that is not in the Terraform files it was given": "读取了不在所提供 Terraform 文件中的文件",
    "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.": "提供了 {count} 个 Terraform 文件；ROS 最多接受 {limit} 个 Workspace 文件。",
    "its count is not a number known before deployment": "其 count 不是部署前已知的数字",
    "{address}: count was computed from the default of {variable}, so a different value at deploy time is not followed.": "{address}：count 按 {variable} 的默认值计算，因此部署时的其他值不会生效。",
    "Base the expression on parameters (Ref to a parameter) and literal values.": "请用参数（对参数的 Ref）和字面值构造该表达式。",
    "Check the name in the ROS resource type list.": "请在 ROS 资源类型列表中核对该名称。",
    "Fn::Select index {index} is out of range for a list of {count} items.": "Fn::Select 的索引 {index} 超出了 {count} 个元素的列表范围。",
    "Give Fn::Select a list that is not empty.": "请为 Fn::Select 提供非空列表。",
    "Give {key} a value of type {wanted}, or a function that returns one.": "请为 {key} 提供 {wanted} 类型的值，或返回该类型的函数。",
    "Remove it; {owner} takes: {listing}.": "请删除它；{owner} 接受：{listing}。",
    "Resource {name} has the type {kind!r}, which the ROS schema does not list.": "资源 {name} 的类型 {kind!r} 不在 ROS 架构中。",
    "Use an index from 0 to {last}.": "请使用 0 到 {last} 之间的索引。",
    "Use {choices} if that is what you meant, or check the name in the ROS resource type list.": "如果您指的是 {choices}，请使用它，或在 ROS 资源类型列表中核对该名称。",
    "Use {choices} if that is what you meant, or remove it.": "如果您指的是 {choices}，请使用它，否则请删除。",
    "Write it as {function}: {shape}.": "请写成 {function}: {shape}。",
    "{function} takes {shape}, not {value}.": "{function} 的参数应为 {shape}，而不是 {value}。",
    "{key!r} is not a property of {owner} in the ROS schema.": "根据 ROS 架构，{key!r} 不是 {owner} 的属性。",
    "{owner} is missing the required property {key}.": "{owner} 缺少必需属性 {key}。",
    "{owner} must be {wanted}, not {value}.": "{owner} 必须是 {wanted}，而不是 {value}。",
    "{section} cannot use {what}: they are evaluated before any resource exists.": "{section} 中不能使用 {what}：它们在任何资源创建之前就被求值。",
    # iaccode/iac/block_read.py, block_answer.py, blocks.py: the request accounted for
    "2 instances in 2 zones for high availability": "2 台实例分布在 2 个可用区，实现高可用",
    "Applied from the request:": "已按请求应用：",
    "Not applied:": "未应用：",
    "Nothing was built, because the request cannot be honoured as asked:": "未生成任何模板，因为无法按要求满足该请求：",
    "Nothing was built: no building block covers these parts of the request:": "未生成任何模板：没有构建块覆盖请求的以下部分：",
    "One template deploys to one region, and the request names {regions}.": "一个模板只部署到一个地域，而请求中指定了 {regions}。",
    "The llm engine (`engine: llm`) can write what is not applied.": "llm 引擎（`engine: llm`）可以编写未应用的部分。",
    "The request both asks for and rules out public access.": "该请求既要求又排除了公网访问。",
    "The request gives no exact count ({words}); say how many, from 1 to {most}.": "请求没有给出确切数量（{words}）；请说明数量，1 到 {most}。",
    "The request rules out a {what}, which the resources it asks for need.": "请求排除了 {what}，但所请求的资源需要它。",
    "The request rules out port(s) {ports}, which the load balancer would need.": "请求排除了端口 {ports}，但负载均衡需要它们。",
    "a NAT gateway with an elastic IP and SNAT": "一个带弹性公网 IP 和 SNAT 的 NAT 网关",
    "a PolarDB {engine} {version} cluster": "一个 PolarDB {engine} {version} 集群",
    "a RAM role for {service}": "一个供 {service} 使用的 RAM 角色",
    "a Redis {version} instance": "一个 Redis {version} 实例",
    "a log project with a logstore": "一个带日志库的日志项目",
    "an elastic IP is built for instances or a NAT gateway": "弹性公网 IP 只为实例或 NAT 网关创建",
    "an elastic IP per instance": "每台实例一个弹性公网 IP",
    "an internal (intranet) load balancer": "一个内网负载均衡",
    "database storage of {size} GB": "数据库存储 {size} GB",
    "disks, instance type or image": "磁盘、实例规格或镜像",
    "image {image}": "镜像 {image}",
    "instance type {type}": "实例规格 {type}",
    "logs kept {days} days": "日志保留 {days} 天",
    "name {name}": "名称 {name}",
    "no current instance type matches exactly; choose one in the InstanceType parameter": "没有完全匹配的当前实例规格；请在 InstanceType 参数中选择",
    "no public image id for it is known offline; choose it in the ImageId parameter": "离线时不知道它的公共镜像 ID；请在 ImageId 参数中选择",
    "not a valid resource name": "不是有效的资源名称",
    "not opened, as asked: port(s) {ports}": "按要求未开放：端口 {ports}",
    "offline I write ROS (YAML or JSON) or Terraform": "离线时我只编写 ROS（YAML 或 JSON）或 Terraform",
    "one VPC CIDR per template: {first} is used": "每个模板一个 VPC 网段：使用 {first}",
    "one image per template": "每个模板一个镜像",
    "one instance type per template: {first} is the default": "每个模板一个实例规格：默认使用 {first}",
    "one source CIDR per template: {first} is used": "每个模板一个来源网段：使用 {first}",
    "port(s) {ports} open only to the AdminCidr parameter, which you fill in": "端口 {ports} 只对 AdminCidr 参数开放，由您填写",
    "port(s) {ports} open to {source} only": "端口 {ports} 只对 {source} 开放",
    "public bandwidth is 1 to 100 Mbps and needs a public IP": "公网带宽为 1 到 100 Mbps，且需要公网 IP",
    "public bandwidth {mbps} Mbps": "公网带宽 {mbps} Mbps",
    "storage is set for an RDS database only": "存储只针对 RDS 数据库设置",
    "system disk of {size} GB": "系统盘 {size} GB",
    "tags {tags}": "标签 {tags}",
    "the building blocks have no {product}; the llm engine can write it": "构建块中没有 {product}；llm 引擎可以编写它",
    "the instance type named in the request decides the size": "以请求中指定的实例规格为准",
    "the request does not say which disk or storage the size is for": "请求没有说明该容量用于哪个磁盘或存储",
    "they belong to ECS instances, and the request asks for none": "它们属于 ECS 实例，而请求中没有 ECS 实例",
    "vSwitches in 2 zones for high availability": "交换机分布在 2 个可用区，实现高可用",
    "web port(s) {ports} open to the VPC": "Web 端口 {ports} 对 VPC 开放",
    "web port(s) {ports} open to the internet": "Web 端口 {ports} 对公网开放",
    "zones {zones}": "可用区 {zones}",
    "{count} data disk(s) of {sizes} GB": "{count} 块数据盘，容量 {sizes} GB",
    "{cpu} vCPUs": "{cpu} 个 vCPU",
    "{mbps} Mbps": "{mbps} Mbps",
    "{part}: {reason}": "{part}：{reason}",
    "{size} GB": "{size} GB",
    "Format: {format}.": "格式：{format}。",
    "the Terraform rules have no counterpart, so the configuration leaves it out": "Terraform 规则中没有对应项，因此配置中省略了它",
    "a Kubernetes cluster with {count} nodes": "一个含 {count} 个节点的 Kubernetes 集群",
    "an application load balancer": "一个应用型负载均衡",
    "an auto scaling group of {low} to {high} instances": "一个 {low} 到 {high} 台实例的弹性伸缩组",
    "At most {most} ECS instances per template.": "每个模板最多 {most} 台 ECS 实例。",
    "Redis {version} is not offered; use one of: {versions}.": "不提供 Redis {version}；请使用以下之一：{versions}。",
    "A load balancer needs a listener port, and the request rules out 80 and 443.": "负载均衡需要一个监听端口，而请求排除了 80 和 443。",
    "An application load balancer listens on 80 or 443, and the request rules out both.": "应用型负载均衡监听 80 或 443，而请求排除了这两个端口。",
    "elastic IP bandwidth {mbps} Mbps": "弹性公网 IP 带宽 {mbps} Mbps",
    "every port open is not built; name the ports to open": "不会开放所有端口；请指明要开放的端口",
    "log-in with a key pair (the KeyPairName parameter)": "使用密钥对登录（KeyPairName 参数）",
    "the building blocks create resources only; the llm engine can add it": "构建块只创建资源；llm 引擎可以添加它",
    "a source CIDR limits opened ports, and the request opens none": "来源网段用于限制开放的端口，而请求没有开放任何端口",
    "database reachable from {source} only": "数据库只允许 {source} 访问",
    "has a condition on a resource's value, which ROS evaluates before any resource exists": "包含基于资源值的条件，而 ROS 在任何资源创建之前就会计算条件",
    "Rule {name} must be a mapping with Assertions, not {value}.": "规则 {name} 必须是包含 Assertions 的映射，而不是 {value}。",
    "Rule {name} has the unknown key {key!r}.": "规则 {name} 含有未知键 {key!r}。",
    "Rule {name} needs a list of Assertions, not {value}.": "规则 {name} 需要 Assertions 列表，而不是 {value}。",
    "Assertion {index} of rule {name} must have Assert (and may have AssertDescription), not {value}.": "规则 {name} 的断言 {index} 必须包含 Assert（可以包含 AssertDescription），而不是 {value}。",
    "Write the rule as a mapping with Assertions: a list of entries with Assert and AssertDescription.": "请将规则写成包含 Assertions 的映射：一个由含 Assert 和 AssertDescription 的条目组成的列表。",
    # Architecture diagrams (iaccode.iac.diagram*, iaccode.agent.diagrams)
    "There is no diagram: the template has {count} entries, more than the {limit} a diagram can show.": "没有架构图：模板有 {count} 个条目，超过了架构图可显示的 {limit} 个。",
    "There is no diagram: the template is not a mapping of sections.": "没有架构图：模板不是由各部分组成的映射。",
    "There is no diagram: the template has no resources.": "没有架构图：模板中没有资源。",
    "There is no diagram: the template has {count} references, more than the {limit} a diagram can show.": "没有架构图：模板有 {count} 个引用，超过了架构图可显示的 {limit} 个。",
    "Architecture of the template: {count} resources": "模板架构：{count} 个资源",
    "There is no diagram: the template could not be read.": "没有架构图：无法读取模板。",
    "Outside any VPC": "不在任何 VPC 中",
    "VPC {name}": "VPC {name}",
    "vSwitch {name}": "交换机 {name}",
    "Not defined in this template": "本模板中未定义",
    "Parameter {name}": "参数 {name}",
    "Output {name}": "输出 {name}",
    "{name} (not defined)": "{name}（未定义）",
    "Parameter": "参数",
    "Output": "输出",
    "not defined": "未定义",
    "Parameters": "参数",
    "Outputs": "输出",
    "The {key} of parameter {name} uses {function}, but ROS does not evaluate functions in Parameters.": "参数 {name} 的 {key} 使用了 {function}，但 ROS 不会在 Parameters 中计算函数。",
    "Write a literal value there, and compute derived values with the function where the parameter is used (Resources, Outputs or Locals).": "请在此处写入字面值，并在使用该参数的位置（Resources、Outputs 或 Locals）用函数计算派生值。",
    "public IP": "公网 IP",
    "all instances share one network setting, and the request keeps some private": "所有实例共用同一网络设置，而请求要求其中一些保持私有",
    "a port range is not built; name the ports to open": "不会开放端口范围；请指明要开放的端口",
    "The application load balancer listens on 80 or 443 here, and the request asks for port(s) {ports}.": "这里的应用型负载均衡只监听 80 或 443，而请求要求端口 {ports}。",
    "a node count is built for a Kubernetes cluster only": "节点数只用于 Kubernetes 集群",
    "Redis reachable from {source} only": "Redis 只允许 {source} 访问",
    "the Redis block sets no whitelist; set it on the instance after creation": "Redis 构建块不设置白名单；请在实例创建后设置",
    "The Terraform's locals read each other more than {limit} times (local.{name} among them), which grows without bound; convert a smaller configuration.": "Terraform 的 locals 相互读取超过 {limit} 次（其中包括 local.{name}），会无限增长；请转换更小的配置。",
    "local.{name} is {size} characters long, more than the {limit} a converted template can carry.": "local.{name} 长 {size} 个字符，超过转换后的模板可容纳的 {limit} 个字符。",
    "indexes {address} by the key {key!r}, which is not a copy's number": "用键 {key!r} 索引 {address}，而它不是副本的编号",
    "The root module and the local modules it calls have {count} files, more than {limit} (ROS accepts at most 50 Workspace files); remove unused files or raise the limit.": "根模块及其调用的本地模块共有 {count} 个文件，超过 {limit} 个（ROS 的 Workspace 最多 50 个文件）；请删除未使用的文件或提高上限。",
    "local.{name} grows to more than {limit} values as the locals read each other, more than a converted template can carry; convert a smaller configuration.": "local.{name} 因 locals 相互引用而增长到超过 {limit} 个值，超出转换后模板的承载能力；请转换更小的配置。",
    "reads {address}, whose values are known only at deploy time": "读取了 {address}，其值只有在部署时才知道",
    "{address} asks for {count} copies; a ROS stack holds at most {limit} resources, so the configuration is not converted. Lower the count or split the configuration into several stacks.": "{address} 要求 {count} 个副本；一个 ROS 资源栈最多容纳 {limit} 个资源，因此不转换该配置。请减少数量，或将配置拆分为多个资源栈。",
    "{address} is sensitive, and ROS shows every output's value to whoever can read the stack, so the output was left out.": "{address} 是敏感输出（sensitive），而 ROS 会向所有能读取资源栈的人显示每个输出的值，因此省略了该输出。",
    "{address}: the dynamic block {name} was repeated over the default of {variable}, so a different value at deploy time is not followed.": "{address}：动态块 {name} 按 {variable} 的默认值重复生成，因此部署时传入的其他值不会被采用。",
    "The module instances and resource copies add up to more than {limit} (reached at {address}); a ROS stack holds at most 300 resources, so the configuration is not converted. Lower the counts or split the configuration into several stacks.": "模块实例与资源副本合计超过 {limit} 个（在 {address} 处达到）；一个 ROS 资源栈最多容纳 300 个资源，因此不转换该配置。请减少数量，或将配置拆分到多个资源栈。",
    "{address}: its for_each is empty, so it was left out.": "{address}：其 for_each 为空，因此已省略。",
    "its value is computed, and ROS needs it as JSON text": "其值是计算得出的，而 ROS 需要 JSON 文本",
    "indexes a list of {size} items at {index}": "在位置 {index} 处索引一个含 {size} 项的列表",
    "{address}: {argument} = {expr}: one branch {reason}, which Terraform rejects when it is taken, so the template always uses the other one.": "{address}：{argument} = {expr}：一个分支{reason}，Terraform 在选中该分支时会报错，因此模板始终使用另一个分支。",
    "calls cidrsubnet() on a value known only when the stack is created": "对一个创建堆栈时才知道的值调用了 cidrsubnet()",
    "calls cidrsubnet() on an IPv6 network, computed for IPv4 only": "对 IPv6 网络调用了 cidrsubnet()，只计算 IPv4",
    "{address}: its type {expr} is known only at deploy time, so it became {ingress} and {egress}, each created only when the type has its direction.": "{address}：其 type {expr} 部署时才知道，因此变为 {ingress} 和 {egress}，各自仅在 type 为其方向时创建。",
    "calls cidrsubnet() with arguments it cannot use": "用无法使用的参数调用了 cidrsubnet()",
    "calls cidrsubnet() with newbits or netnum not literal": "用非字面量的 newbits 或 netnum 调用了 cidrsubnet()",
    "name_regex {pattern!r} is read as the exact name {name!r}; Terraform matched every name containing it": "name_regex {pattern!r} 被当作精确名称 {name!r}；Terraform 会匹配所有包含它的名称",
    "reads {attribute} of {source}, which {type} has no attribute for": "读取了 {source} 的 {attribute}，而 {type} 没有对应的属性",
    "{argument} is not converted; the template reads the first item ROS lists": "{argument} 未被转换；模板读取 ROS 列出的第一项",
    "{source} became the ROS data source {name} ({type}), read when the stack is created.": "{source} 已转为 ROS 数据源 {name}（{type}），在创建资源栈时读取。",
    "{source}: {note}.": "{source}：{note}。",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out, {not_created} not created (count 0).": "{found} 个 Terraform 资源：{native} 个原生转换，{lossy} 个有损转换，{dropped} 个省略，{not_created} 个不会创建（count 0）。",
    "another argument already gives {path} a value": "另一个参数已为 {path} 赋值",
    "{address}: left out {arguments}, Terraform's own settings for how it applies changes (a dry run, a forced update or delete, the language of the API's answers); ROS has no such setting and creates the same resource without them.": "{address}：省略了 {arguments}，它们只决定 Terraform 如何应用更改（试运行、强制更新或删除、API 应答的语言）；ROS 没有这样的设置，没有它们也会创建同样的资源。",
    "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but {tf_type} has no argument for {missing}, which {ros_type} needs: it is another resource": "厂商规则将 {tf_type} 映射到 {ros_type}（{other} 创建的类型），但 {tf_type} 没有 {ros_type} 所需的 {missing} 参数：它是另一种资源",
    "{type} takes {kind} for {name}": "{type} 的 {name} 接受 {kind}",
    "{path} of {type} has no field for it": "{type} 的 {path} 没有对应的字段",
    "{address}: {arguments} placed by the ROS schema's property names (the vendor's rules leave them out).": "{address}：{arguments} 已按 ROS 架构的属性名放置（厂商规则未包含它们）。",
    "reads a whole item of {source}, which {type} lists by id only": "读取了 {source} 的整个条目，而 {type} 只按 ID 列出",
    "{address}: {key} not converted ({reason}); added parameter {name} for it, to be set when the stack is created.": "{address}：{key} 未转换（{reason}）；为此添加了参数 {name}，在创建资源栈时设置。",
    "{expr} reads {source} at a computed index; parameter {name} stands for one chosen value, which every read gets.": "{expr} 以计算出的索引读取 {source}；参数 {name} 代表一个选定的值，每次读取都得到它。",
    "{type} takes only {choices} for {name}, not {value!r}": "{type} 的 {name} 只接受 {choices}，不接受 {value!r}",
    "{source} became parameter {name}, chosen when the stack is created from the region's zones; Terraform listed only those where {service} is sold.": "{source} 变成了参数 {name}，在创建资源栈时从地域的可用区中选择；Terraform 只列出了提供 {service} 的可用区。",
    "divides by zero": "除以零",
    "is text with a value known only at deploy time": "是包含仅在部署时才知道的值的文本",
    "it is known only at deploy time, and ROS takes the number in it": "它仅在部署时才知道,而 ROS 接受的是其中的数字",
    "it is not a license code of the form bhah_ent_<assets>_asset": "不是 bhah_ent_<assets>_asset 形式的许可证代码",
    "reads a data source": "读取数据源",
    "reads {source}, which has count, not as its one copy [0]": "读取带有 count 的 {source},但不是作为其唯一副本 [0]",
    "reads {source}, whose count is 0": "读取 count 为 0 的 {source}",
    "reads {source}, whose count is not 1, 0 or a choice of them": "读取 count 既不是 1、0,也不是二者之间选择的 {source}",
    "{address}: {arguments} became {name} ({type}), a resource of its own, as the provider applies them with a call of their own.": "{address}:{arguments} 成为独立的资源 {name}({type}),因为提供方通过单独的调用来应用它们。",
    "{type} would need one copy per item of {argument} in each copy of the resource, which ROS's Count cannot say": "{type} 需要在资源的每个副本中为 {argument} 的每一项各建一个副本,而 ROS 的 Count 无法表达这一点",
    "it repeats a block over copies known only at deploy time, which ROS cannot list here": "它按仅在部署时才知道的副本重复一个块,ROS 无法在此处将其列出",
    "ROS cannot compute the blocks from the parameter there": "ROS 无法在该处根据参数计算这些块",
    "the dynamic block {name} was repeated over the default of {variable} ({reason}), so a different value at deploy time is not followed.": "动态块 {name} 按 {variable} 的默认值重复 ({reason}),因此不会跟随部署时的其他值。",
    "reads a file whose path is only known at deploy time": "读取的文件路径只有在部署时才知道",
    "The configuration reads {path}, which is not in the Workspace (missing, or not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.": "配置读取 {path},但它不在 Workspace 中(缺失或不是 UTF-8 文本),因此 ROS 部署堆栈时 Terraform 无法读取它。",
    "The path {path} names {file} from the root module's folder; with the root module at the top of the Workspace it no longer leads there, so Terraform fails to read it when ROS deploys the stack; copy the file into that folder.": "路径 {path} 从根模块的文件夹指向 {file};根模块位于 Workspace 顶层后,该路径不再指向那里,因此 ROS 部署堆栈时 Terraform 无法读取它;请把该文件复制到那个文件夹中。",
    "its path is only known at deploy time, when ROS cannot read a local file": "其路径只有在部署时才知道,而那时 ROS 无法读取本地文件",
    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added for the same value.": "{address}：{argument} = {expr} {reason}；它使用为同一值添加的参数 {name}。",
    "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not and Fn::Equals there, with the functions its reference lists inside them.": "Conditions 不能使用 {function}：ROS 在那里只计算 Fn::And、Fn::Or、Fn::Not 和 Fn::Equals，以及其参考文档列出的可嵌套在其中的函数。",
    "Compute the value in the property instead (Fn::If, Fn::Jq), or test the parameters with Fn::Equals.": "请改为在属性中计算该值（Fn::If、Fn::Jq），或用 Fn::Equals 判断参数。",
    "has a test that ROS cannot evaluate in its Conditions (a value of each copy, or a function of the stack's creation)": "包含 ROS 无法在其 Conditions 中计算的判断（每个副本各自的值，或创建堆栈时才计算的函数）",
    "the vendor's rules send it to {name}, which {path} of {type} does not have": "供应商的规则把它映射到 {name}，但 {type} 的 {path} 没有该字段",
    "written blocks stand beside it": "旁边还有直接写出的块",
    "its test is no Condition ROS can evaluate": "其判断不是 ROS 能计算的 Condition",
    "the dynamic block {name} was repeated over the default of {variable}, since its test {test} {reason}, so a different value at deploy time is not followed.": "动态块 {name} 按 {variable} 的默认值重复生成，因为其判断 {test} {reason}，所以部署时的其他取值不会被采用。",
    "its {argument} names no resource this template creates, and ROS sets it on the instance only": "其 {argument} 指向的不是本模板创建的资源，而 ROS 只能在实例上设置它",
    "makes copies, which ROS cannot write into one instance": "会生成多个副本，ROS 无法把它们写入同一个实例",
    "{address} became {properties} of {name}, as ROS sets it on the instance.": "{address} 变成了 {name} 的 {properties}，因为 ROS 在实例上设置它。",
    "{address}: where {argument} names another instance than {name} (an existing one), ROS cannot set this on it.": "{address}：当 {argument} 指向 {name} 以外的实例（已有实例）时，ROS 无法在其上设置这些内容。",
    "{argument} = {expr} {reason}": "{argument} = {expr} {reason}",
    "ROS requires {name}": "ROS 要求 {name}",
    "it names a copy of an instance with Count, which ROS sets as one": "它指向带 Count 的实例的某个副本，而 ROS 把它们作为一个整体设置",
    "it names {name} only where {name} is not created": "它只在 {name} 不会被创建时才指向 {name}",
    "it does not set {fields}, which {name} of {type} needs": "它没有设置 {type} 的 {name} 所需的 {fields}",
    "{address}: {arguments} not converted, as {name} already has a value there (its own, or another policy's); Terraform would change it once the instance exists.": "{address}：{arguments} 未转换，因为 {name} 在该处已有取值（其自身的或另一策略的）；Terraform 会在实例创建后修改它。",
}
