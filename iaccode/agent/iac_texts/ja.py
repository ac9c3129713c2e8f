"""Japanese translations of the IaC texts: English template -> Japanese template."""

TEXTS: dict[str, str] = {
    "data disk category {category}": "データディスクのカテゴリ {category}",
    "system disk category {category}": "システムディスクのカテゴリ {category}",
    "performance level {level}": "パフォーマンスレベル {level}",
    "the building blocks leave it at the category's default": "ビルディングブロックはカテゴリの既定値のままにします",
    "the listeners keep the load balancer's default health check": "リスナーはロードバランサーの既定のヘルスチェックを使います",
    "versioning on the bucket": "バケットのバージョン管理",
    "objects deleted after {days} days": "{days} 日後にオブジェクトを削除",
    "server-side encryption of the bucket (AES256)": "バケットのサーバー側暗号化 (AES256)",
    "read-only access to the bucket for the RAM user": "RAM ユーザーにバケットへの読み取り専用アクセス",
    "full access to the bucket for the RAM user": "RAM ユーザーにバケットへのフルアクセス",
    "bucket access": "バケットへのアクセス",
    "access is granted to the template's OSS bucket only": "アクセスはテンプレートの OSS バケットにのみ付与されます",
    "a lifecycle rule": "ライフサイクルルール",
    "it is built for an OSS bucket only": "OSS バケットにのみ作成されます",
    "the days must be from 1 to 36500": "日数は 1 から 36500 の範囲で指定してください",
    "a RAM user": "RAM ユーザー",
    "a RAM user with read-only access to the bucket": "バケットへの読み取り専用アクセスを持つ RAM ユーザー",
    "a RAM user with full access to the bucket": "バケットへのフルアクセスを持つ RAM ユーザー",
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
        "オフラインエンジンで動作しています。モデルやネットワークアクセスなしで動きます。\n"
        "\n"
        "オフラインでできること:\n"
        "- Alibaba Cloud の ROS テンプレートのレビュー: メッセージに貼り付けるか（JSON または YAML"
        "、コードブロックの有無は問いません）、ワークスペースのテンプレートファイルを指定してくださ"
        "い。すべての ROS リソースタイプのスキーマに照らして、構造、パラメーター、参照、関数、依存"
        "関係、出力、プロパティとその値をチェックします。\n"
        "- Terraform から ROS への変換: HCL を貼り付けるか、ワークスペースのディレクトリを指定して"
        "ください。Terraform ファイルをそのまま残す場合は互換形式を指定してください。\n"
        "- ビルディングブロックからテンプレートを作成: VPC と vSwitch、セキュリティグループ、ECS、S"
        "LB と ALB、RDS、PolarDB、Redis、OSS、NAT ゲートウェイ、Auto Scaling、Kubernetes (ACK)、SLS"
        "、RAM を ROS YAML、JSON または Terraform で。例：「2つのvSwitchを持つVPCを作成してください」\n"
        "- Alibaba Cloud の認証情報があれば: ROS でのテンプレート検証、プレビューや料金の確認、スタ"
        "ックの作成・更新・削除（変更のたびに先に許可を求めます）。\n"
        "\n"
        "それ以外（他の製品、説明）には言語モデルが必要です。`engine: llm`（DashScope/Qwen などの O"
        "penAI 互換エンドポイント）でサーバーを起動してください。"
    ),
    "I could not convert the Terraform: {error}": "Terraform を変換できませんでした：{error}",
    "The Terraform is wrapped unchanged in a ROS Terraform template.": (
        "Terraform を変更せずに ROS Terraform テンプレートにラップしました。"
    ),
    "The Terraform is converted to native ROS resources.": (
        "Terraform をネイティブの ROS リソースに変換しました。"
    ),
    "The template is attached as {filename}.": "テンプレートを {filename} として添付しました。",
    "I could not build that template: {error}": "テンプレートを作成できませんでした：{error}",
    "The template is attached as {filename}; fill in the parameters when you create the stack.": (
        "テンプレートを {filename} として添付しました。"
        "スタックの作成時にパラメータを入力してください。"
    ),
    # iaccode/iac/blocks.py
    "a VPC ({cidr}) with 1 vSwitch": "vSwitch 1 個を含む VPC（{cidr}）",
    "a VPC ({cidr}) with {count} vSwitches": "vSwitch {count} 個を含む VPC（{cidr}）",
    "a security group": "セキュリティグループ",
    "1 ECS instance": "ECS インスタンス 1 台",
    "{count} ECS instances": "ECS インスタンス {count} 台",
    "a load balancer": "ロードバランサー",
    "an RDS {engine} {version} instance": "RDS {engine} {version} インスタンス",
    "an OSS bucket": "OSS バケット",
    "Creates {listed} in {region} (iaccode building blocks).": (
        "{region} に次のリソースを作成します：{listed}（iaccode ビルディングブロック）。"
    ),
    "Creates {listed} (iaccode building blocks).": (
        "次のリソースを作成します：{listed}（iaccode ビルディングブロック）。"
    ),
    # iaccode/iac/msg.py
    "{first}, {second}": "{first}、{second}",
    "{first} and {second}": "{first}、{second}",
    "{first} or {second}": "{first}または{second}",
    # iaccode/iac/ros_check.py
    "Set ROSTemplateFormatVersion: '{version}' at the top of the template.": (
        "テンプレートの先頭に ROSTemplateFormatVersion: '{version}' を設定してください。"
    ),
    "The parameter name {name!r} contains {chars}, which parameter names cannot contain.": (
        "パラメータ名 {name!r} に、パラメータ名には使用できない文字 {chars} が含まれています。"
    ),
    "The local name {name!r} contains {chars}, which local names cannot contain.": (
        "ローカル変数名 {name!r} に、ローカル変数名には使用できない文字 {chars} が含まれています。"
    ),
    "The resource name {name!r} contains {chars}, which resource names cannot contain.": (
        "リソース名 {name!r} に、リソース名には使用できない文字 {chars} が含まれています。"
    ),
    "The condition name {name!r} contains {chars}, which condition names cannot contain.": (
        "条件名 {name!r} に、条件名には使用できない文字 {chars} が含まれています。"
    ),
    "The template is empty.": "テンプレートが空です。",
    "The template must be a mapping of sections, not {kind}.": (
        "テンプレートは {kind} ではなく、セクションのマッピングである必要があります。"
    ),
    (
        "Start the template with ROSTemplateFormatVersion: '{version}' followed by sections such as "
        "Parameters and Resources."
    ): (
        "テンプレートの先頭に ROSTemplateFormatVersion: '{version}' を記述し、"
        "続けて Parameters や Resources などのセクションを記述してください。"
    ),
    "The template has no ROSTemplateFormatVersion.": (
        "テンプレートに ROSTemplateFormatVersion がありません。"
    ),
    "ROSTemplateFormatVersion is written as an unquoted YAML date.": (
        "ROSTemplateFormatVersion が引用符なしの YAML 日付として記述されています。"
    ),
    "Quote it as '{version}' so every YAML reader sees a string.": (
        "すべての YAML パーサーで文字列として扱われるよう、"
        "'{version}' のように引用符で囲んでください。"
    ),
    "ROSTemplateFormatVersion is {value}, but the only valid value is {version}.": (
        "ROSTemplateFormatVersion が {value} になっていますが、有効な値は {version} のみです。"
    ),
    "{key!r} is not a ROS template section.": (
        "{key!r} は ROS テンプレートのセクションではありません。"
    ),
    "Remove it or move its content.": "削除するか、内容を移動してください。",
    "The {section} section must be a mapping, not {value}.": (
        "{section} セクションは {value} ではなく、マッピングである必要があります。"
    ),
    "Write {section} as a mapping of names to definitions.": (
        "{section} は名前から定義へのマッピングとして記述してください。"
    ),
    "{section} must be a string, not {value}.": (
        "{section} は {value} ではなく、文字列である必要があります。"
    ),
    "Write {section} as a single string.": "{section} は 1 つの文字列として記述してください。",
    "The template defines no resources.": "テンプレートにリソースが定義されていません。",
    "The Resources section is empty.": "Resources セクションが空です。",
    (
        "Add at least one resource under Resources, or a Transform and Workspace for a Terraform "
        "template."
    ): (
        "Resources に 1 つ以上のリソースを追加してください。"
        "Terraform テンプレートの場合は Transform と Workspace を追加してください。"
    ),
    "is empty": "空です",
    "is absolute": "絶対パスです",
    "contains '..'": "セグメント '..' を含んでいます",
    "Workspace is set, but without a Terraform Transform ROS ignores it.": (
        "Workspace が設定されていますが、Terraform の Transform がないため ROS では無視されます。"
    ),
    "Add Transform: 'Aliyun::Terraform-v1.5' (or an OpenTofu version) or remove Workspace.": (
        "Transform: 'Aliyun::Terraform-v1.5'（または OpenTofu のバージョン）を追加するか、"
        "Workspace を削除してください。"
    ),
    "The template has a Terraform Transform but no Workspace with Terraform files.": (
        "テンプレートに Terraform の Transform がありますが、"
        "Terraform ファイルを含む Workspace がありません。"
    ),
    "Add Workspace mapping file paths such as main.tf to their Terraform source.": (
        "main.tf などのファイルパスを Terraform のソースに対応付ける Workspace を追加してください。"
    ),
    (
        "The Workspace path {name!r} {problem}; paths must be relative and stay inside the "
        "workspace."
    ): (
        "Workspace のパス {name!r} は{problem}。パスは相対パスで、"
        "ワークスペース内に収まっている必要があります。"
    ),
    "Use a relative path such as main.tf or modules/vpc/main.tf.": (
        "main.tf や modules/vpc/main.tf のような相対パスを使用してください。"
    ),
    "The Workspace file {name!r} must have text content, not {value}.": (
        "Workspace のファイル {name!r} の内容は {value} ではなく、テキストである必要があります。"
    ),
    "Give the file's Terraform source as a string (a YAML block with |).": (
        "ファイルの Terraform ソースを文字列（| を使った YAML ブロック）として指定してください。"
    ),
    "The Workspace has no .tf file, so there is no Terraform configuration to run.": (
        "Workspace に .tf ファイルがないため、実行する Terraform 構成がありません。"
    ),
    "Add at least one Terraform file, such as main.tf.": (
        "main.tf などの Terraform ファイルを 1 つ以上追加してください。"
    ),
    "Rename it, for example to {cleaned!r}, and update every reference to it.": (
        "名前を変更し（例：{cleaned!r}）、それを参照している箇所をすべて更新してください。"
    ),
    "The name {name!r} is defined in both {sections}, so a Ref to it is ambiguous.": (
        "名前 {name!r} が {sections} で重複して定義されているため、この名前への Ref があいまいです。"
    ),
    "Rename one of them so every name is unique across the template.": (
        "いずれかの名前を変更し、テンプレート全体で名前が一意になるようにしてください。"
    ),
    "Output {name} must be a mapping with a Value, not {value}.": (
        "出力 {name} は {value} ではなく、Value を含むマッピングである必要があります。"
    ),
    "Write the output as a mapping with Value, Description and Label.": (
        "出力は Value、Description、Label を含むマッピングとして記述してください。"
    ),
    "Output {name} has the unknown key {key!r}.": "出力 {name} に不明なキー {key!r} があります。",
    "Remove it; outputs take Value, Description, Label and Condition.": (
        "削除してください。出力で使用できるキーは Value、Description、Label、Condition です。"
    ),
    "Output {name} has no Value.": "出力 {name} に Value がありません。",
    "Add a Value, for example a Ref or Fn::GetAtt of a resource.": (
        "Value を追加してください（例：リソースの Ref や Fn::GetAtt）。"
    ),
    "output {name}": "出力 {name}",
    (
        "Output {name} has no Label, which the iac-code style asks for so the console shows a "
        "readable name."
    ): (
        "出力 {name} に Label がありません。コンソールにわかりやすい名前が表示されるよう、"
        "iac-code のスタイルでは Label の指定を求めています。"
    ),
    "Add a short Label such as 'VPC ID'.": "'VPC ID' のような短い Label を追加してください。",
    # iaccode/iac/ros_context.py
    "Use {match!r} if that is what you meant, or {otherwise}": (
        "{match!r} のことであれば、それを使用してください。そうでない場合は、{otherwise}"
    ),
    "The condition of {where} must be the name of a condition, not {value}.": (
        "{where} の条件は {value} ではなく、条件名である必要があります。"
    ),
    "Define the expression under Conditions and use its name here.": (
        "式を Conditions で定義し、ここではその名前を使用してください。"
    ),
    "Add a condition named {name!r} under Conditions, or remove the reference.": (
        "条件 {name!r} を Conditions に追加するか、参照を削除してください。"
    ),
    "Add a condition named {name!r} under Conditions, or use an existing one.": (
        "条件 {name!r} を Conditions に追加するか、既存の条件を使用してください。"
    ),
    "The condition {name!r} used by {where} is not defined in Conditions.": (
        "{where} で使用されている条件 {name!r} は Conditions に定義されていません。"
    ),
    # iaccode/iac/ros_loader.py
    "The template nests values more than {limit} levels deep.": (
        "テンプレートの値のネストが {limit} 階層を超えています。"
    ),
    "Flatten the deeply nested part; real templates stay within a few dozen levels.": (
        "深くネストされた部分を平坦化してください。"
        "実際のテンプレートのネストは数十階層以内に収まります。"
    ),
    (
        "The template expands to more than {limit} values, usually through YAML aliases that repeat "
        "large anchors."
    ): (
        "テンプレートを展開すると値が {limit} 個を超えます。通常は、"
        "大きなアンカーを繰り返す YAML エイリアスが原因です。"
    ),
    "Write the repeated parts out or use fewer aliases; templates rarely need them.": (
        "繰り返し部分を直接記述するか、エイリアスを減らしてください。"
        "テンプレートでエイリアスが必要になることはほとんどありません。"
    ),
    "The template contains a YAML alias that refers to itself.": (
        "テンプレートに自分自身を参照する YAML エイリアスが含まれています。"
    ),
    "Remove the recursive alias; a template must be a finite tree.": (
        "再帰的なエイリアスを削除してください。テンプレートは有限のツリーである必要があります。"
    ),
    "The key {key!r} appears more than once in this mapping, so only its last value is used.": (
        "キー {key!r} がこのマッピング内に複数回出現するため、最後の値のみが使用されます。"
    ),
    "Remove or rename the duplicate key.": "重複しているキーを削除するか、名前を変更してください。",
    "The template is not valid JSON or YAML: {detail}.": (
        "テンプレートは有効な JSON または YAML ではありません：{detail}。"
    ),
    (
        "Fix the syntax at the given line; YAML needs consistent space indentation and 'key: value' "
        "pairs, and values with ': ' or '#' in them must be quoted."
    ): (
        "指定された行の構文を修正してください。"
        "YAML ではスペースによる一貫したインデントと 'key: value' 形式のペアが必要で、"
        "': ' や '#' を含む値は引用符で囲む必要があります。"
    ),
    "The template looks like JSON but is not valid JSON: {detail}.": (
        "テンプレートは JSON のようですが、有効な JSON ではありません：{detail}。"
    ),
    (
        "Fix the JSON syntax at the given line; keys need double quotes, members need commas "
        "between them and no trailing comma."
    ): (
        "指定された行の JSON 構文を修正してください。キーは二重引用符で囲み、"
        "メンバー間はカンマで区切り、末尾にはカンマを付けないでください。"
    ),
    "Fix the JSON value; numbers longer than a few thousand digits are not accepted.": (
        "JSON の値を修正してください。数千桁を超える数値は使用できません。"
    ),
    "The key {key!r} appears more than once in this object, so only its last value is used.": (
        "キー {key!r} がこのオブジェクト内に複数回出現するため、最後の値のみが使用されます。"
    ),
    "The template body must be text, not {kind}.": (
        "テンプレート本文は {kind} ではなく、テキストである必要があります。"
    ),
    "Pass the template as a JSON or YAML string.": (
        "テンプレートは JSON または YAML の文字列として渡してください。"
    ),
    "The template is larger than the limit of {limit} bytes (2 MiB).": (
        "テンプレートのサイズが上限の {limit} バイト（2 MiB）を超えています。"
    ),
    "Split the template into nested stacks or modules, or move large scripts out of UserData.": (
        "テンプレートをネストされたスタックやモジュールに分割するか、"
        "大きなスクリプトを UserData の外に移動してください。"
    ),
    # iaccode/iac/ros_parameters.py
    "Parameter {name} must be a mapping with a Type, not {value}.": (
        "パラメータ {name} は {value} ではなく、Type を含むマッピングである必要があります。"
    ),
    "Write the parameter as a mapping, for example {{Type: String}}.": (
        "パラメータは {{Type: String}} のようなマッピングとして記述してください。"
    ),
    "Parameter {name} has the unknown attribute {key!r}.": (
        "パラメータ {name} に不明な属性 {key!r} があります。"
    ),
    "Remove it.": "削除してください。",
    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no effect.": (
        "パラメータ {name} は Ref や Fn::Sub で使用されていないため、その値は反映されません。"
    ),
    "Reference it with Ref {name} where it is needed, or remove it.": (
        "必要な箇所で Ref {name} を使って参照するか、削除してください。"
    ),
    "Parameter {name} has no Type.": "パラメータ {name} に Type がありません。",
    "Add Type: String (or Number, CommaDelimitedList, Json, Boolean).": (
        "Type: String（または Number、CommaDelimitedList、Json、Boolean）を追加してください。"
    ),
    "Parameter {name} has the unknown Type {value}.": (
        "パラメータ {name} の Type {value} は不明です。"
    ),
    "Use one of: {choices}.": "次のいずれかを使用してください：{choices}。",
    "{key} must be a whole number of characters, not {value}.": (
        "{key} は {value} ではなく、文字数を表す整数である必要があります。"
    ),
    "Set {key} to a non-negative integer such as 8.": (
        "{key} には 8 のような 0 以上の整数を設定してください。"
    ),
    "{key} must be a number, not {value}.": "{key} は {value} ではなく、数値である必要があります。",
    "Set {key} to a number such as 1.": "{key} には 1 のような数値を設定してください。",
    "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is allowed.": (
        "{low_key}（{low:g}）が {high_key}（{high:g}）より大きいため、許可される値がありません。"
    ),
    "Make {low_key} less than or equal to {high_key}.": (
        "{low_key} を {high_key} 以下にしてください。"
    ),
    "AllowedPattern must be a regular expression string, not {value}.": (
        "AllowedPattern は {value} ではなく、正規表現の文字列である必要があります。"
    ),
    "Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'.": (
        "パターンを引用符で囲んでください（例：AllowedPattern: '^[a-z0-9-]+$'）。"
    ),
    "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).": (
        "AllowedPattern {pattern!r} は有効な正規表現ではありません（{reason}）。"
    ),
    "Fix the pattern; remember to escape special characters such as '.' and '('.": (
        "パターンを修正してください。'.' や '(' などの特殊文字はエスケープが必要です。"
    ),
    "AllowedValues must be a list, not {value}.": (
        "AllowedValues は {value} ではなく、リストである必要があります。"
    ),
    "Write AllowedValues as a list, for example [small, large].": (
        "AllowedValues は [small, large] のようなリストとして記述してください。"
    ),
    "The Default of Number parameter {name} is {value}, not a number.": (
        "Number 型パラメータ {name} の Default が {value} になっており、数値ではありません。"
    ),
    "Set Default to a number, or change Type to String.": (
        "Default を数値にするか、Type を String に変更してください。"
    ),
    "The Default {number:g} of parameter {name} is outside {range}.": (
        "パラメータ {name} の Default {number:g} は {range}外です。"
    ),
    "Change Default or the MinValue/MaxValue bounds so the default is allowed.": (
        "Default が許可されるよう、Default または MinValue/MaxValue の範囲を変更してください。"
    ),
    "The Default of Boolean parameter {name} is {value}, not true or false.": (
        "Boolean 型パラメータ {name} の Default が {value} になっており、"
        "true でも false でもありません。"
    ),
    "Set Default to true or false.": "Default には true または false を設定してください。",
    "The Default of parameter {name} is {length} characters long, outside {range}.": (
        "パラメータ {name} の Default は {length} 文字で、{range}外です。"
    ),
    "Change Default or the MinLength/MaxLength bounds so the default is allowed.": (
        "Default が許可されるよう、Default または MinLength/MaxLength の範囲を変更してください。"
    ),
    "The Default {default!r} of parameter {name} does not match AllowedPattern {pattern!r}.": (
        "パラメータ {name} の Default {default!r} が AllowedPattern {pattern!r} に一致しません。"
    ),
    "Change Default so the whole value matches the pattern, or relax the pattern.": (
        "値全体がパターンに一致するよう Default を変更するか、パターンの条件を緩めてください。"
    ),
    "the range set by {bounds}": "{bounds} で設定された範囲",
    "The Default {value} of parameter {name} is not one of AllowedValues.": (
        "パラメータ {name} の Default {value} は AllowedValues に含まれていません。"
    ),
    "Use one of the allowed values ({choices}) or add the default to AllowedValues.": (
        "許可された値（{choices}）のいずれかを使用するか、"
        "Default の値を AllowedValues に追加してください。"
    ),
    # iaccode/iac/ros_refs.py
    (
        "The template has more than {limit} values, so checking stopped early and some problems may "
        "be unreported."
    ): (
        "テンプレートの値が {limit} 個を超えているため、チェックを途中で停止しました。"
        "報告されていない問題がある可能性があります。"
    ),
    "Split the template into smaller nested stacks or modules.": (
        "テンプレートをより小さなネストされたスタックやモジュールに分割してください。"
    ),
    "The document contains itself or nests too deeply, so checking skipped that part.": (
        "ドキュメントが自分自身を含んでいるか、ネストが深すぎるため、"
        "その部分のチェックをスキップしました。"
    ),
    "Pass a finite tree of at most 100 levels, as a parsed template is.": (
        "解析済みのテンプレートと同様に、100 階層以内の有限のツリーを渡してください。"
    ),
    "Resource {resource} of type {kind} has no attribute {attribute!r}.": (
        "{kind} 型のリソース {resource} には属性 {attribute!r} がありません。"
    ),
    "Use one of the attributes of {kind}: {listing}.": (
        "次の {kind} の属性のいずれかを使用してください：{listing}。"
    ),
    "Use Ref {name} for a parameter or local, since {how} needs a resource.": (
        "{how} にはリソースが必要です。パラメータやローカル変数には Ref {name} を使用してください。"
    ),
    "Name a resource defined under Resources.": (
        "既存のリソース（Resources で定義されたもの）を指定してください。"
    ),
    "{how} refers to {value}, which is not a resource in this template.": (
        "{how} が参照している {value} は、このテンプレートのリソースではありません。"
    ),
    "Ref must name a parameter, resource or pseudo parameter, not {value}.": (
        "Ref には {value} ではなく、パラメータ、リソース、"
        "疑似パラメータのいずれかの名前を指定する必要があります。"
    ),
    "Write the name as a plain string, for example Ref: VpcId.": (
        "名前は Ref: VpcId のように単純な文字列で記述してください。"
    ),
    (
        "ALIYUN::Index is used in {where}, which is not a resource with Count, so it has no value "
        "there."
    ): (
        "ALIYUN::Index が {where} で使用されていますが、Count を持つリソースではないため、"
        "そこでは値を持ちません。"
    ),
    "Use ALIYUN::Index only inside the Properties of a resource that sets Count.": (
        "ALIYUN::Index は、Count を設定したリソースの Properties 内でのみ使用してください。"
    ),
    "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo parameter.": (
        "Ref が参照している {name!r} は、パラメータ、リソース、ローカル変数、"
        "疑似パラメータのいずれでもありません。"
    ),
    "Define {name!r} under Parameters or Resources.": (
        "{name!r} を Parameters または Resources で定義してください。"
    ),
    "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.": (
        "Fn::GetAtt には {value} ではなく、"
        "[resource, attribute] または 'Resource.Attribute' を指定する必要があります。"
    ),
    "Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId.": (
        "Fn::GetAtt: [MyVpc, VpcId] と記述してください。"
        "YAML では !GetAtt MyVpc.VpcId とも記述できます。"
    ),
    "Fn::Sub needs a string or [string, variables], not {value}.": (
        "Fn::Sub には {value} ではなく、文字列または [string, variables] を指定する必要があります。"
    ),
    "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', {{Var: value}}].": (
        "Fn::Sub: 'text ${{Name}}' または Fn::Sub: ['text ${{Var}}', {{Var: value}}] のように記述してください。"
    ),
    "Fn::Sub placeholder {placeholder}": "Fn::Sub のプレースホルダー {placeholder}",
    "Fn::Sub placeholder {placeholder} names nothing defined in this template.": (
        "Fn::Sub のプレースホルダー {placeholder} の名前は、このテンプレートで定義されていません。"
    ),
    (
        "Define {name!r} as a parameter or resource, or write {escaped} for a literal '${{' in the "
        "output."
    ): (
        "{name!r} をパラメータまたはリソースとして定義してください。"
        "出力にリテラルの '${{' を含める場合は {escaped} と記述します。"
    ),
    "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.": (
        "Fn::FindInMap が参照しているマッピング {name!r} は Mappings に定義されていません。"
    ),
    "Add a mapping named {name!r} under Mappings.": (
        "マッピング {name!r} を Mappings に追加してください。"
    ),
    "The mapping {name!r} has no top-level key {key!r}.": (
        "マッピング {name!r} に第 1 レベルのキー {key!r} がありません。"
    ),
    "The mapping {name!r} has no second-level key {key!r}.": (
        "マッピング {name!r} に第 2 レベルのキー {key!r} がありません。"
    ),
    "Add {key!r} to the mapping {name!r}.": "{key!r} をマッピング {name!r} に追加してください。",
    "condition {name}": "条件 {name}",
    "{function} is not a ROS function.": "{function} は ROS の関数ではありません。",
    "Use one of the ROS intrinsic functions, such as Fn::Join.": (
        "有効な ROS 組み込み関数（Fn::Join など）を使用してください。"
    ),
    "{name} (local)": "{name}（ローカル変数）",
    "... {count} more ...": "... 他 {count} 件 ...",
    "{name} depends on itself ({chain}), so it can never be created.": (
        "{name} は自分自身に依存しているため（{chain}）、作成できません。"
    ),
    (
        "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order their "
        "creation."
    ): (
        "{count} 個の項目が循環的に依存し合っているため（{chain}）、ROS は作成順序を決定できません。"
    ),
    (
        "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or Fn::Sub "
        "reference between them."
    ): (
        "これらの間にある DependsOn のエントリ、または Ref、Fn::GetAtt、"
        "Fn::Sub による参照を 1 つ削除して、循環を解消してください。"
    ),
    # iaccode/iac/ros_report.py
    "template": "テンプレート",
    "line {line}": "{line} 行目",
    "line {line}, column {column}": "{line} 行目、{column} 列目",
    "{count} error": "エラー {count} 件",
    "{count} errors": "エラー {count} 件",
    "{count} warning": "警告 {count} 件",
    "{count} warnings": "警告 {count} 件",
    "{count} note": "情報 {count} 件",
    "{count} notes": "情報 {count} 件",
    "Errors ({count}):": "エラー（{count}）：",
    "Warnings ({count}):": "警告（{count}）：",
    "Notes ({count}):": "情報（{count}）：",
    "Template check failed with {counted}; fix the errors before deploying.": (
        "テンプレートチェックに失敗しました（{counted}）。デプロイ前にエラーを修正してください。"
    ),
    "Template check passed with {counted}; review the warnings before deploying.": (
        "テンプレートチェックに合格しました（{counted}）。デプロイ前に警告を確認してください。"
    ),
    "Template check passed with {counted} and no errors or warnings.": (
        "テンプレートチェックに合格しました（{counted}、エラーと警告はありません）。"
    ),
    "Template check passed with no errors, warnings or notes.": (
        "テンプレートチェックに合格しました。エラー、警告、情報はありません。"
    ),
    "Fix: {hint}": "修正：{hint}",
    # iaccode/iac/ros_resources.py
    "Resource {name} must be a mapping with a Type, not {value}.": (
        "リソース {name} は {value} ではなく、Type を含むマッピングである必要があります。"
    ),
    "Write the resource as a mapping with Type and Properties keys.": (
        "リソースは Type と Properties のキーを持つマッピングとして記述してください。"
    ),
    "resource {name}": "リソース {name}",
    "The Properties of resource {name} must be a mapping, not {value}.": (
        "リソース {name} の Properties は {value} ではなく、マッピングである必要があります。"
    ),
    "Write Properties as a mapping of property names to values.": (
        "Properties はプロパティ名から値へのマッピングとして記述してください。"
    ),
    "Resource {name} has the unknown attribute {key!r}.": (
        "リソース {name} に不明な属性 {key!r} があります。"
    ),
    "Move it under Properties if it is a property, or remove it.": (
        "プロパティなら Properties の下に移動し、それ以外なら削除してください。"
    ),
    "Resource {name} has no Type.": "リソース {name} に Type がありません。",
    "The Type of resource {name} must be a string, not {value}.": (
        "リソース {name} の Type は {value} ではなく、文字列である必要があります。"
    ),
    "Set Type to a ROS resource type such as ALIYUN::ECS::VPC.": (
        "Type には ALIYUN::ECS::VPC のような ROS のリソースタイプを設定してください。"
    ),
    (
        "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or Custom::, "
        "so ROS will not recognise it."
    ): (
        "リソースタイプ {kind!r} は ALIYUN::、DATASOURCE::、MODULE::、"
        "Custom:: のいずれでも始まっていないため、ROS で認識されません。"
    ),
    "Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance.": (
        "有効な Alibaba Cloud ROS のリソースタイプ（ALIYUN::ECS::Instance など）を使用してください。"
    ),
    "DependsOn of resource {name} must be a resource name or a list of names, not {value}.": (
        "リソース {name} の DependsOn は {value} ではなく、"
        "リソース名または名前のリストである必要があります。"
    ),
    "Write DependsOn as a name or a list of resource names.": (
        "DependsOn はリソース名、またはリソース名のリストとして記述してください。"
    ),
    "Resource {name} depends on {value}, which is not a resource in this template.": (
        "リソース {name} が依存している {value} は、このテンプレートのリソースではありません。"
    ),
    "Resource {name} ({kind}) is missing the required property {key}.": (
        "リソース {name}（{kind}）に必須プロパティ {key} がありません。"
    ),
    "Add {key} under Properties, as a literal or a Ref to a parameter.": (
        "Properties に {key} を追加してください（リテラル値、またはパラメータへの Ref）。"
    ),
    "Resource {name} ({kind}) has no {key}, which it needs in practice.": (
        "リソース {name}（{kind}）に {key} がありませんが、実際には必要です。"
    ),
    "Add {key} under Properties, ideally as a parameter so it fits the region.": (
        "Properties に {key} を追加してください。リージョンに合わせられるよう、"
        "パラメータにすることをお勧めします。"
    ),
    "{key} of resource {name} is {value!r}, which is not among the values the ROS schema lists for {kind}; that list is known to be wrong here.": (
        "リソース {name} の {key} は {value!r} で、ROS スキーマが {kind} に挙げる値に含まれていません。このリストはここでは誤っていることが分かっています。"
    ),
    "Check the value against the {kind} documentation.": "{kind} のドキュメントで値を確認してください。",
    "{key} of resource {name} is {value!r}, which {kind} does not accept.": (
        "リソース {name} の {key} が {value!r} になっていますが、{kind} ではこの値を使用できません。"
    ),
    "is not an IPv4 network": "有効な IPv4 ネットワークではありません",
    "has no prefix length": "プレフィックス長がありません",
    "has host bits set (the network is {network})": (
        "ホストビットが設定されています（ネットワークは {network} です）"
    ),
    "The CIDR block {cidr!r} of resource {name} {problem}.": (
        "リソース {name} の CIDR ブロック {cidr!r} は{problem}。"
    ),
    "Write an IPv4 network with its prefix length, such as 192.168.0.0/16.": (
        "192.168.0.0/16 のように、プレフィックス長を含む IPv4 ネットワークを記述してください。"
    ),
    "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} ({ranges}).": (
        "vSwitch {name} が使用している {network} は、VPC {vpc} の範囲（{ranges}）外です。"
    ),
    "Choose a CIDR block for {name} inside {ranges}.": (
        "{name} には {ranges} 内の CIDR ブロックを選択してください。"
    ),
    (
        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch {other} in the "
        "same VPC."
    ): (
        "vSwitch {name} が使用している {network} は、"
        "同じ VPC 内の vSwitch {other} の {other_network} と重複しています。"
    ),
    "Give each VSwitch of a VPC its own non-overlapping CIDR block.": (
        "VPC 内の各 vSwitch には、重複しない CIDR ブロックをそれぞれ割り当ててください。"
    ),
    # iaccode/iac/terraform.py
    (
        "Transform {transform!r} is not a ROS Terraform engine; use {default!r} or "
        "'Aliyun::Terraform-v1.x' (for example v1.5)."
    ): (
        "Transform {transform!r} は ROS の Terraform エンジンではありません。"
        "{default!r} または 'Aliyun::Terraform-v1.x'（例：v1.5）を使用してください。"
    ),
    # iaccode/iac/tf_convert.py
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged": (
        "Terraform ファイルをそのままデプロイする互換ラッピング（wrap_terraform）を使用してください"
    ),
    "{type} has no native ROS mapping here": "{type} に対応するネイティブの ROS マッピングがない",
    "{address}: {note}.": "{address}：{note}。",
    "{addresses}: {what}, so it was left out; to deploy it, {hint}.": (
        "{addresses}：{what}ため、除外しました。デプロイするには、{hint}。"
    ),
    "is part of a reference cycle": "循環参照の一部になっている",
    (
        "{address}: sets nothing that maps to {key}, which {kind} needs; added parameter {name} for "
        "it, to be set when the stack is created."
    ): (
        "{address}：{kind} に必要な {key} に対応する設定がないため、"
        "パラメータ {name} を追加しました。スタックの作成時に設定してください。"
    ),
    "{address}: depends_on {item!r} names nothing converted, so it was dropped.": (
        "{address}：depends_on {item!r} が変換済みのリソースを指していないため、削除しました。"
    ),
    "{address}: value {expr} {reason}, so the output was left out.": (
        "{address}：値 {expr} は{reason}ため、この出力を除外しました。"
    ),
    "There is no .tf file at the top of the workspace (root module).": (
        "ワークスペースの最上位（ルートモジュール）に .tf ファイルがありません。"
    ),
    "there are no resources": "リソースがありません",
    "None of the resources could be converted to native ROS resources ({left_out}); {hint}.": (
        "ネイティブの ROS リソースに変換できたリソースはありません（{left_out}）。{hint}。"
    ),
    # iaccode/iac/tf_files.py
    "An extra file suffix is empty; give suffixes such as '.sh'.": (
        "追加のファイル拡張子が空です。'.sh' のような拡張子を指定してください。"
    ),
    "{directory} is not a directory with Terraform files.": (
        "{directory} は Terraform ファイルを含むディレクトリではありません。"
    ),
    "Cannot list {path}: {reason}.": "{path} の内容を一覧表示できません：{reason}。",
    "{path} is a symlink to a missing file.": (
        "{path} は存在しないファイルへのシンボリックリンクです。"
    ),
    (
        "The directory has more than {limit} Terraform files (ROS accepts at most 50 Workspace "
        "files); remove unused files or raise the limit."
    ): (
        "ディレクトリ内の Terraform ファイルが {limit} 個を超えています（ROS の Workspace ファイルは最大 50 個です）"
        "。不要なファイルを削除するか、上限を引き上げてください。"
    ),
    (
        "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS template "
        "body has to stay small, so remove large files or raise the limit."
    ): (
        "Terraform ファイルの合計サイズが {limit} バイトを超えています（{path} で超過）。"
        "ROS のテンプレート本文は小さく保つ必要があるため、大きなファイルを削除するか、"
        "上限を引き上げてください。"
    ),
    (
        "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace files must be "
        "UTF-8."
    ): (
        "{path} は UTF-8 のテキストではありません（オフセット {offset} に無効なバイトがあります）。"
        "ROS の Workspace ファイルは UTF-8 である必要があります。"
    ),
    "Cannot read {path}: {reason}.": "{path} を読み取れません：{reason}。",
    "contains a backslash; use '/' between folders": (
        "バックスラッシュを含んでいます。フォルダの区切りには '/' を使用してください"
    ),
    "is longer than {limit} characters": "長さが {limit} 文字を超えています",
    "has an empty, '.' or '..' segment": "空、'.'、または '..' のセグメントを含んでいます",
    "has a name longer than {limit} characters": "長さが {limit} 文字を超える名前を含んでいます",
    "No Terraform files were given.": "Terraform ファイルが指定されていません。",
    "Workspace path {path!r} must be a string.": (
        "Workspace のパス {path!r} は文字列である必要があります。"
    ),
    "Workspace path {path!r} {problem}.": "Workspace のパス {path!r} は{problem}。",
    "{path} must be text, not {kind}.": "{path} は {kind} ではなく、テキストである必要があります。",
    "There is no .tf file, so there is no Terraform configuration.": (
        ".tf ファイルがないため、Terraform 構成がありません。"
    ),
    # iaccode/iac/tf_hcl.py
    "{path}, line {line}, column {column}": "{path} の {line} 行目、{column} 列目",
    "{path}, line {line}": "{path} の {line} 行目",
    "the file ends in the middle of a block or expression": (
        "ブロックまたは式の途中でファイルが終わっています"
    ),
    "unexpected {token!r}": "予期しない {token!r}",
    "unexpected character {char!r}": "予期しない文字 {char!r}",
    "{where}: not valid HCL ({what}).": "{where}：有効な HCL ではありません（{what}）。",
    "{address} is declared twice, in {earlier} and {path}; Terraform rejects this too.": (
        "{address} が {earlier} と {path} で 2 回宣言されています。"
        "これは Terraform でもエラーになります。"
    ),
    # iaccode/iac/tf_rules.py
    "{key} is {value}, not one of {choices}; converted as {default}": (
        "{key} が {value} で、{choices} のいずれでもないため、{default} として変換しました"
    ),
    # iaccode/iac/tf_values.py
    "uses a %{{...}} template directive": "テンプレートディレクティブ %{{...}} を使用している",
    "is used outside a resource with count": "使用箇所が count を持つリソースの外にある",
    (
        "reads {attribute} of {source}; the parameter standing for it holds only the chosen id"
    ): "{source} の {attribute} を読み取っている（これを表すパラメーターには選ばれた ID しかない）",
    "reads the data source {source}, which ROS cannot see": (
        "データソース {source}（ROS からは参照不可）を読み取っている"
    ),
    "reads an output of module {module}, which is not converted": (
        "変換されないモジュール {module} の出力を読み取っている"
    ),
    "uses {root}, which has no ROS equivalent": "対応する ROS の機能がない {root} を使用している",
    "{variable} is used but not declared; added it as a String parameter.": (
        "{variable} は使用されていますが宣言されていないため、String 型パラメータとして追加しました。"
    ),
    "reads {local}, which is not declared": "宣言されていない {local} を読み取っている",
    "reads {local}, which refers to itself": "自分自身を参照している {local} を読み取っている",
    "reads {address}, which is not declared in these files": (
        "これらのファイルで宣言されていない {address} を読み取っている"
    ),
    "reads {address}, which was not converted": "変換されなかった {address} を読み取っている",
    "reads a nested or whole-object value of a resource": (
        "リソースのネストされた値またはオブジェクト全体を読み取っている"
    ),
    "indexes {address}, which has no count": (
        "インデックスで、count を持たない {address} にアクセスしている"
    ),
    "reads {attribute} of {address}, which has no ROS attribute": (
        "リソース {address} の属性 {attribute}（対応する ROS 属性なし）を読み取っている"
    ),
    "reads {attribute} of {address}, which it does not set: Terraform gives the provider's default or the computed value there, which ROS has no attribute for": (
        "{address} が設定していない {attribute} を読み取っている。Terraform ではプロバイダーの既定値または計算された値になるが、ROS にはそれを返す属性がない"
    ),
    "reads {attribute} of {address}, which differs per copy, and the copy or the number of copies is known only at deploy time": (
        "{address} の {attribute} を読み取っているが、値はコピーごとに異なり、どのコピーかまたはコピー数はデプロイ時にしか分からない"
    ),
    "{address}: {attribute} is read back as its blocks were given; Terraform's value also has the fields the provider fills in, which this one lacks.": (
        "{address}: {attribute} は指定されたブロックのとおりに読み戻される。Terraform の値にはプロバイダーが補うフィールドも含まれるが、ここにはない。"
    ),
    (
        "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be set when the "
        "stack is created."
    ): (
        "{address}：{argument} = {expr} は{reason}ため、パラメータ {name} を追加しました。"
        "スタックの作成時に設定してください。"
    ),
    "uses a splat on a variable or local": "変数またはローカル値に対してスプラット式を使用している",
    "calls {function}() with arguments it cannot use": "{function}() を使えない引数で呼び出しています",
    "calls {function}(), which has no ROS equivalent here": "{function}() を呼び出していますが、ここでは ROS に対応するものがありません",
    "has a condition that is not true or false": "true でも false でもない条件があります",
    "has an object key that is not known in advance": "事前にわからないオブジェクトキーがあります",
    "is a comparison that is only known at deploy time": "デプロイ時にしかわからない比較です",
    "is a for expression over a value known only at deploy time": "デプロイ時にしかわからない値に対する for 式です",
    "is a for expression whose filter is known only at deploy time": "フィルターがデプロイ時にしかわからない for 式です",
    "is an expression this converter does not read": "このコンバーターが読めない式です",
    "it is given {count} times, and ROS takes one": "{count} 回指定されていますが、ROS は 1 つしか受け付けません",
    "its count is 0": "count が 0 です",
    "its for_each is not a list, set or map known before deployment": "for_each がデプロイ前にわかるリスト、セット、マップのいずれでもありません",
    "its for_each {reason}": "for_each が {reason}",
    "its source {source!r} has no .tf files in the workspace": "ソース {source!r} にはワークスペース内の .tf ファイルがありません",
    "its source {source!r} is not a local module, and its code is not guessed": "ソース {source!r} はローカルモジュールではなく、そのコードは推測しません",
    "its source {source!r} lies outside the workspace": "ソース {source!r} はワークスペースの外にあります",
    "its character set is not known in the files, or it has fewer characters than character classes (ROS puts each class in at least once)": "文字セットがファイル内で分からないか、文字数が文字クラスの数より少ないです（ROS は各クラスを少なくとも 1 回入れます）",
    "its min and max are not literal whole numbers from 0 up": "min と max が 0 以上の整数リテラルではありません",
    "keepers not converted (ROS keeps the value for the stack's life)": "keepers は変換されません（ROS はスタックの存続期間中この値を保持します）",
    "the password is an attribute of the stack (ALIYUN::RandomString), which Terraform marks sensitive": "パスワードはスタックの属性（ALIYUN::RandomString）になります。Terraform ではこれを機密として扱います",
    "{address} became {name}, the UUID ROS gives each stack.": "{address} は {name}（ROS が各スタックに与える UUID）になりました。",
    "{name} is known only at deploy time; converted as true": "{name} はデプロイ時にしか分かりません。true として変換しました",
    "The folders a conversion reads hold more than {limit} entries; convert a smaller folder.": "変換が読むフォルダーには {limit} 件を超える項目があります。より小さなフォルダーを変換してください。",
    "The module folder {path} is a symlink to a place outside the workspace, which is not followed.": "モジュールフォルダー {path} はワークスペース外を指すシンボリックリンクのため、たどりません。",
    "The root module {root} is at the top of the Workspace, as ROS runs it; the {count} other files it needs are under {outside}/ with their workspace paths, and the module sources naming them were rewritten to match.": "ルートモジュール {root} は ROS が実行するとおり Workspace の最上位に置かれます。必要な他の {count} 個のファイルはワークスペースのパスのまま {outside}/ の下にあり、それらを指すモジュールのソースはそれに合わせて書き換えられました。",
    "The workspace has more than {limit} Terraform files where a conversion looks; convert a smaller folder.": "変換が参照する場所に、ワークスペースの Terraform ファイルが {limit} 個を超えてあります。より小さなフォルダーを変換してください。",
    "There is no .tf file in the root module folder {root}.": "ルートモジュールのフォルダー {root} に .tf ファイルがありません。",
    "{path} is a symlink to a place outside the Terraform directory, which is not followed; copy the file into the directory instead.": "{path} は Terraform ディレクトリ外を指すシンボリックリンクのため、たどりません。代わりにファイルをディレクトリにコピーしてください。",
    "{path} is a symlink to a place outside the workspace, which is not followed; copy the file into the workspace instead.": "{path} はワークスペース外を指すシンボリックリンクのため、たどりません。代わりにファイルをワークスペースにコピーしてください。",
    "{path} is not a folder with .tf files (a root module).": "{path} は .tf ファイルのあるフォルダー（ルートモジュール）ではありません。",
    '{path}: the source of module {name} could not be rewritten for the Workspace (write it as source = "..." on a line of its own), so the root module cannot be moved to the top of the Workspace.': '{path}: モジュール {name} のソースを Workspace 用に書き換えられませんでした（source = "..." を単独の行に書いてください）。そのため、ルートモジュールを Workspace の最上位に移せません。',
    "its value is computed JSON text, which ROS needs as an object": "値が計算された JSON テキストですが、ROS はオブジェクトを必要とします",
    "its value is computed, so its nested arguments cannot be mapped": "値が計算されるため、入れ子の引数を対応付けられません",
    "its value is not JSON text": "値が JSON テキストではありません",
    "it has {count} items, and ROS takes {wanted}": "項目が {count} 個あり、ROS は {wanted} 個を受け付けます",
    "it is {value!r}, not one of {choices}": "{value!r} であり、{choices} のいずれでもありません",
    "its JSON text nests too deeply to read": "JSON テキストの入れ子が深すぎて読み取れません",
    "its value is not a map, which this rule needs": "値がこのルールに必要なマップではありません",
    "reads a whole resource, which has no ROS value": "リソース全体を読んでいますが、それに対応する ROS の値はありません",
    "sorter_type {kind!r} has no ROS form": "sorter_type {kind!r} には ROS の形式がありません",
    "the mapping rules do not know it": "マッピングルールが知らない引数です",
    "the vendor's rule for it cannot be followed ({why})": "ベンダーのルールに従えません（{why}）",
    "{address} calls the module {source!r} within itself.": "{address} はモジュール {source!r} を自身の中で呼び出しています。",
    "{address} nests modules more than {limit} deep, which is not converted.": "{address} はモジュールを {limit} 段より深く入れ子にしているため、変換しません。",
    "{address}: for_each over {variable} was unrolled over its default, so a different value at deploy time is not followed.": "{address}：{variable} に対する for_each は既定値で展開したため、デプロイ時に別の値を指定しても反映されません。",
    "{address}: the dynamic block {name} was not converted ({reason}).": "{address}：dynamic ブロック {name} は変換されませんでした（{reason}）。",
    "{address}: {arguments} not converted ({reason}), so the ROS resource uses its defaults there.": "{address}：{arguments} は変換されませんでした（{reason}）。そのため ROS リソースはそこで既定値を使います。",
    "{address}: {note}": "{address}：{note}",
    "{address}: {what}, so it was left out.": "{address}：{what}ため、省きました。",
    "{address}: {why}, so it was left out; {hint}.": "{address}：{why}ため、省きました。{hint}。",
    "{address}: {why}, so its resources were left out; {hint}.": "{address}：{why}ため、そのリソースを省きました。{hint}。",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out.": "Terraform リソース {found} 個: ネイティブに変換 {native} 個、欠落ありで変換 {lossy} 個、省略 {dropped} 個。",
    "{path}: module {name} has the remote source {source!r}, which is not in the Workspace; ROS must download it when it deploys the stack.": "{path}：モジュール {name} のソース {source!r} はリモートにあり Workspace に含まれません。ROS はスタックのデプロイ時にダウンロードする必要があります。",
    "{path}: module {name} has the source {source!r}, which is not in the Workspace, so the stack fails when Terraform initialises; wrap the directory that contains the module instead.": "{path}：モジュール {name} のソース {source!r} は Workspace に含まれないため、Terraform の初期化時にスタックが失敗します。代わりにモジュールを含むディレクトリをラップしてください。",
    "{source} became parameter {name}, chosen when the stack is created.": "{source} はパラメーター {name} になりました。スタック作成時に選択します。",
    "{type} has no property for it": "{type} にはそれに対応するプロパティがありません",
    "{type} has no property {name}": "{type} にはプロパティ {name} がありません",
    "{variable}: the validation {condition} has no ROS parameter constraint, so ROS does not check it when the stack is created.": "{variable}：検証 {condition} に対応する ROS のパラメーター制約がないため、ROS はスタック作成時にこれを確認しません。",
    "the vendor's rules leave it out, though {type} has a property {name}": "{type} にはプロパティ {name} がありますが、ベンダーのルールでは対象外です",
    "the vendor's rules say ROS has no property for it": "ベンダーのルールによると、ROS にはそれに対応するプロパティがありません",
    "The Terraform nests values or expressions too deeply to convert.": "Terraform の値や式の入れ子が深すぎるため、変換できません。",
    "its for_each has {count} items, more than {limit}": "for_each の要素が {count} 個あり、{limit} 個を超えています",
    "passes template variables that are not known in advance": "事前にわからないテンプレート変数を渡しています",
    "reads a file that is not in the Terraform files it was given": "渡された Terraform ファイルに含まれないファイルを読んでいます",
    "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.": "Terraform ファイルが {count} 個渡されました。ROS が受け付ける Workspace ファイルは最大 {limit} 個です。",
    "its count is not a number known before deployment": "count がデプロイ前にわかる数値ではありません",
    "{address}: count was computed from the default of {variable}, so a different value at deploy time is not followed.": "{address}：count は {variable} の既定値から計算したため、デプロイ時に別の値を指定しても反映されません。",
    "Base the expression on parameters (Ref to a parameter) and literal values.": "式はパラメータ（パラメータへの Ref）とリテラル値で組み立ててください。",
    "Check the name in the ROS resource type list.": "ROS のリソースタイプ一覧で名前を確認してください。",
    "Fn::Select index {index} is out of range for a list of {count} items.": "Fn::Select のインデックス {index} は、{count} 個の要素を持つリストの範囲外です。",
    "Give Fn::Select a list that is not empty.": "Fn::Select には空でないリストを渡してください。",
    "Give {key} a value of type {wanted}, or a function that returns one.": "{key} には {wanted} 型の値、またはそれを返す関数を指定してください。",
    "Remove it; {owner} takes: {listing}.": "削除してください。{owner} が受け付けるのは次のとおりです：{listing}。",
    "Resource {name} has the type {kind!r}, which the ROS schema does not list.": "リソース {name} のタイプ {kind!r} は ROS スキーマに載っていません。",
    "Use an index from 0 to {last}.": "0 から {last} までのインデックスを使ってください。",
    "Use {choices} if that is what you meant, or check the name in the ROS resource type list.": "意図したものであれば {choices} を使うか、ROS のリソースタイプ一覧で名前を確認してください。",
    "Use {choices} if that is what you meant, or remove it.": "意図したものであれば {choices} を使うか、削除してください。",
    "Write it as {function}: {shape}.": "{function}: {shape} の形で書いてください。",
    "{function} takes {shape}, not {value}.": "{function} の引数は {value} ではなく {shape} です。",
    "{key!r} is not a property of {owner} in the ROS schema.": "{key!r} は ROS スキーマ上 {owner} のプロパティではありません。",
    "{owner} is missing the required property {key}.": "{owner} に必須プロパティ {key} がありません。",
    "{owner} must be {wanted}, not {value}.": "{owner} は {value} ではなく {wanted} でなければなりません。",
    "{section} cannot use {what}: they are evaluated before any resource exists.": "{section} では {what} を使えません。リソースが作成される前に評価されるためです。",
    # iaccode/iac/block_read.py, block_answer.py, blocks.py: the request accounted for
    "2 instances in 2 zones for high availability": "高可用性のため 2 つのゾーンに 2 台のインスタンス",
    "Applied from the request:": "リクエストから適用した内容：",
    "Not applied:": "適用していない内容：",
    "Nothing was built, because the request cannot be honoured as asked:": "リクエストをそのとおりに満たせないため、何も作成しませんでした：",
    "Nothing was built: no building block covers these parts of the request:": "何も作成しませんでした：リクエストの次の部分に対応するビルディングブロックがありません：",
    "One template deploys to one region, and the request names {regions}.": "1 つのテンプレートは 1 つのリージョンにデプロイされますが、リクエストは {regions} を指定しています。",
    "The llm engine (`engine: llm`) can write what is not applied.": "llm エンジン（`engine: llm`）なら適用していない部分も書けます。",
    "The request both asks for and rules out public access.": "リクエストはパブリックアクセスを求めると同時に禁止しています。",
    "The request gives no exact count ({words}); say how many, from 1 to {most}.": "リクエストに正確な数がありません（{words}）。1 から {most} の数で指定してください。",
    "The request rules out a {what}, which the resources it asks for need.": "リクエストは {what} を除外していますが、求められたリソースにはそれが必要です。",
    "The request rules out port(s) {ports}, which the load balancer would need.": "リクエストはポート {ports} を除外していますが、ロードバランサーにはそれが必要です。",
    "a NAT gateway with an elastic IP and SNAT": "EIP と SNAT 付きの NAT ゲートウェイ",
    "a PolarDB {engine} {version} cluster": "PolarDB {engine} {version} クラスター",
    "a RAM role for {service}": "{service} 用の RAM ロール",
    "a Redis {version} instance": "Redis {version} インスタンス",
    "a log project with a logstore": "Logstore 付きのログプロジェクト",
    "an elastic IP is built for instances or a NAT gateway": "EIP はインスタンスか NAT ゲートウェイ用にのみ作成します",
    "an elastic IP per instance": "インスタンスごとに 1 つの EIP",
    "an internal (intranet) load balancer": "内部（イントラネット）ロードバランサー",
    "database storage of {size} GB": "データベースストレージ {size} GB",
    "disks, instance type or image": "ディスク、インスタンスタイプ、イメージ",
    "image {image}": "イメージ {image}",
    "instance type {type}": "インスタンスタイプ {type}",
    "logs kept {days} days": "ログを {days} 日間保持",
    "name {name}": "名前 {name}",
    "no current instance type matches exactly; choose one in the InstanceType parameter": "完全に一致する現行のインスタンスタイプがありません。InstanceType パラメーターで選んでください",
    "no public image id for it is known offline; choose it in the ImageId parameter": "オフラインではその公開イメージ ID が分かりません。ImageId パラメーターで選んでください",
    "not a valid resource name": "有効なリソース名ではありません",
    "not opened, as asked: port(s) {ports}": "ご要望どおり開放していません：ポート {ports}",
    "offline I write ROS (YAML or JSON) or Terraform": "オフラインでは ROS（YAML または JSON）か Terraform のみ書きます",
    "one VPC CIDR per template: {first} is used": "テンプレートごとに VPC CIDR は 1 つです：{first} を使用",
    "one image per template": "テンプレートごとにイメージは 1 つです",
    "one instance type per template: {first} is the default": "テンプレートごとにインスタンスタイプは 1 つです：{first} が既定値です",
    "one source CIDR per template: {first} is used": "テンプレートごとに送信元 CIDR は 1 つです：{first} を使用",
    "port(s) {ports} open only to the AdminCidr parameter, which you fill in": "ポート {ports} は AdminCidr パラメーター（ご自身で入力）にのみ開放",
    "port(s) {ports} open to {source} only": "ポート {ports} は {source} にのみ開放",
    "public bandwidth is 1 to 100 Mbps and needs a public IP": "パブリック帯域は 1～100 Mbps で、パブリック IP が必要です",
    "public bandwidth {mbps} Mbps": "パブリック帯域 {mbps} Mbps",
    "storage is set for an RDS database only": "ストレージは RDS データベースにのみ設定します",
    "system disk of {size} GB": "システムディスク {size} GB",
    "tags {tags}": "タグ {tags}",
    "the building blocks have no {product}; the llm engine can write it": "ビルディングブロックに {product} はありません。llm エンジンなら書けます",
    "the instance type named in the request decides the size": "リクエストで指定されたインスタンスタイプがサイズを決めます",
    "the request does not say which disk or storage the size is for": "このサイズがどのディスクやストレージのものか、リクエストに書かれていません",
    "they belong to ECS instances, and the request asks for none": "これらは ECS インスタンスのものですが、リクエストにインスタンスがありません",
    "vSwitches in 2 zones for high availability": "高可用性のため 2 つのゾーンに vSwitch を配置",
    "web port(s) {ports} open to the VPC": "Web ポート {ports} を VPC に開放",
    "web port(s) {ports} open to the internet": "Web ポート {ports} をインターネットに開放",
    "zones {zones}": "ゾーン {zones}",
    "{count} data disk(s) of {sizes} GB": "データディスク {count} 個（{sizes} GB）",
    "{cpu} vCPUs": "{cpu} vCPU",
    "{mbps} Mbps": "{mbps} Mbps",
    "{part}: {reason}": "{part}：{reason}",
    "{size} GB": "{size} GB",
    "Format: {format}.": "形式：{format}。",
    "the Terraform rules have no counterpart, so the configuration leaves it out": "Terraform のルールに対応するものがないため、構成から省いています",
    "a Kubernetes cluster with {count} nodes": "{count} ノードの Kubernetes クラスター",
    "an application load balancer": "アプリケーションロードバランサー",
    "an auto scaling group of {low} to {high} instances": "{low}～{high} 台のインスタンスのオートスケーリンググループ",
    "At most {most} ECS instances per template.": "1 つのテンプレートで作成できる ECS インスタンスは最大 {most} 台です。",
    "Redis {version} is not offered; use one of: {versions}.": "Redis {version} は提供されていません。次のいずれかを使ってください：{versions}。",
    "A load balancer needs a listener port, and the request rules out 80 and 443.": "ロードバランサーにはリスナーポートが必要ですが、リクエストは 80 と 443 を除外しています。",
    "An application load balancer listens on 80 or 443, and the request rules out both.": "アプリケーションロードバランサーは 80 か 443 で待ち受けますが、リクエストは両方を除外しています。",
    "elastic IP bandwidth {mbps} Mbps": "EIP 帯域 {mbps} Mbps",
    "every port open is not built; name the ports to open": "すべてのポートの開放は行いません。開放するポートを指定してください",
    "log-in with a key pair (the KeyPairName parameter)": "キーペアでログイン（KeyPairName パラメーター）",
    "the building blocks create resources only; the llm engine can add it": "ビルディングブロックはリソースの作成のみ行います。llm エンジンなら追加できます",
    "a source CIDR limits opened ports, and the request opens none": "送信元 CIDR は開放するポートを制限するものですが、リクエストはポートを開放していません",
    "database reachable from {source} only": "データベースは {source} からのみ接続可能",
    "has a condition on a resource's value, which ROS evaluates before any resource exists": "リソースの値に対する条件がありますが、ROS は条件をリソースが作られる前に評価します",
    "Rule {name} must be a mapping with Assertions, not {value}.": "ルール {name} は {value} ではなく、Assertions を持つマッピングでなければなりません。",
    "Rule {name} has the unknown key {key!r}.": "ルール {name} に不明なキー {key!r} があります。",
    "Rule {name} needs a list of Assertions, not {value}.": "ルール {name} には {value} ではなく Assertions のリストが必要です。",
    "Assertion {index} of rule {name} must have Assert (and may have AssertDescription), not {value}.": "ルール {name} のアサーション {index} には {value} ではなく Assert が必要です（AssertDescription は任意）。",
    "Write the rule as a mapping with Assertions: a list of entries with Assert and AssertDescription.": "ルールは Assertions（Assert と AssertDescription を持つエントリのリスト）を持つマッピングとして書いてください。",
    # Architecture diagrams (iaccode.iac.diagram*, iaccode.agent.diagrams)
    "There is no diagram: the template has {count} entries, more than the {limit} a diagram can show.": "図はありません: テンプレートのエントリは {count} 個で、図に表示できる {limit} 個を超えています。",
    "There is no diagram: the template is not a mapping of sections.": "図はありません: テンプレートがセクションのマッピングではありません。",
    "There is no diagram: the template has no resources.": "図はありません: テンプレートにリソースがありません。",
    "There is no diagram: the template has {count} references, more than the {limit} a diagram can show.": "図はありません: テンプレートの参照は {count} 個で、図に表示できる {limit} 個を超えています。",
    "Architecture of the template: {count} resources": "テンプレートのアーキテクチャ: リソース {count} 個",
    "There is no diagram: the template could not be read.": "図はありません: テンプレートを読み取れませんでした。",
    "Outside any VPC": "VPC の外",
    "VPC {name}": "VPC {name}",
    "vSwitch {name}": "vSwitch {name}",
    "Not defined in this template": "このテンプレートで未定義",
    "Parameter {name}": "パラメータ {name}",
    "Output {name}": "出力 {name}",
    "{name} (not defined)": "{name} (未定義)",
    "Parameter": "パラメータ",
    "Output": "出力",
    "not defined": "未定義",
    "Parameters": "パラメータ",
    "Outputs": "出力",
    "The {key} of parameter {name} uses {function}, but ROS does not evaluate functions in Parameters.": "パラメーター {name} の {key} は {function} を使用していますが、ROS は Parameters 内の関数を評価しません。",
    "Write a literal value there, and compute derived values with the function where the parameter is used (Resources, Outputs or Locals).": "そこにはリテラル値を書き、派生する値はパラメーターを使用する場所 (Resources、Outputs または Locals) で関数を使って計算してください。",
    "public IP": "パブリック IP",
    "all instances share one network setting, and the request keeps some private": "すべてのインスタンスが同じネットワーク設定を共有し、リクエストは一部をプライベートにしています",
    "a port range is not built; name the ports to open": "ポート範囲の開放は行いません。開放するポートを指定してください",
    "The application load balancer listens on 80 or 443 here, and the request asks for port(s) {ports}.": "ここではアプリケーションロードバランサーは 80 か 443 で待ち受けますが、リクエストはポート {ports} を求めています。",
    "a node count is built for a Kubernetes cluster only": "ノード数は Kubernetes クラスターにのみ適用されます",
    "Redis reachable from {source} only": "Redis は {source} からのみ接続可能",
    "the Redis block sets no whitelist; set it on the instance after creation": "Redis ブロックはホワイトリストを設定しません。作成後にインスタンスで設定してください",
    "The Terraform's locals read each other more than {limit} times (local.{name} among them), which grows without bound; convert a smaller configuration.": "Terraform の locals が互いに {limit} 回を超えて参照しており（local.{name} を含む）、際限なく増大します。より小さな構成を変換してください。",
    "local.{name} is {size} characters long, more than the {limit} a converted template can carry.": "local.{name} は {size} 文字で、変換後のテンプレートに収まる {limit} 文字を超えています。",
    "indexes {address} by the key {key!r}, which is not a copy's number": "{address} をキー {key!r} で参照していますが、これはコピーの番号ではありません",
    "The root module and the local modules it calls have {count} files, more than {limit} (ROS accepts at most 50 Workspace files); remove unused files or raise the limit.": "ルートモジュールとそれが呼び出すローカルモジュールのファイルは {count} 個で、{limit} を超えています（ROS の Workspace は最大 50 ファイル）。使わないファイルを削除するか、上限を引き上げてください。",
    "local.{name} grows to more than {limit} values as the locals read each other, more than a converted template can carry; convert a smaller configuration.": "local.{name} は locals が互いを参照するため {limit} 個を超える値に膨らみ、変換後のテンプレートに収まりません。より小さな構成を変換してください。",
    "reads {address}, whose values are known only at deploy time": "{address} を参照していますが、その値はデプロイ時にしかわかりません",
    "{address} asks for {count} copies; a ROS stack holds at most {limit} resources, so the configuration is not converted. Lower the count or split the configuration into several stacks.": "{address} は {count} 個のコピーを要求していますが、ROS スタックのリソースは最大 {limit} 個のため、構成は変換されません。数を減らすか、構成を複数のスタックに分けてください。",
    "{address} is sensitive, and ROS shows every output's value to whoever can read the stack, so the output was left out.": "{address} は sensitive で、ROS はスタックを読めるすべての人に出力の値を表示するため、この出力は省略しました。",
    "{address}: the dynamic block {name} was repeated over the default of {variable}, so a different value at deploy time is not followed.": "{address}: 動的ブロック {name} は {variable} のデフォルト値に沿って繰り返したため、デプロイ時に別の値を指定しても反映されません。",
    "The module instances and resource copies add up to more than {limit} (reached at {address}); a ROS stack holds at most 300 resources, so the configuration is not converted. Lower the counts or split the configuration into several stacks.": "モジュールのインスタンスとリソースのコピーが合計 {limit} 個を超えています（{address} で到達）。ROS スタックのリソースは最大 300 個のため、構成は変換されません。数を減らすか、構成を複数のスタックに分けてください。",
    "{address}: its for_each is empty, so it was left out.": "{address}: for_each が空のため、省略しました。",
    "its value is computed, and ROS needs it as JSON text": "値は計算されるものですが、ROS は JSON テキストとして必要とします",
    "indexes a list of {size} items at {index}": "{size} 個の要素のリストを位置 {index} で参照しています",
    "{address}: {argument} = {expr}: one branch {reason}, which Terraform rejects when it is taken, so the template always uses the other one.": "{address}: {argument} = {expr}: 一方の分岐は{reason}。この分岐が選ばれると Terraform はエラーにするため、テンプレートは常にもう一方を使います。",
    "calls cidrsubnet() on a value known only when the stack is created": "スタック作成時にしかわからない値に cidrsubnet() を使っています",
    "calls cidrsubnet() on an IPv6 network, computed for IPv4 only": "IPv6 ネットワークに cidrsubnet() を使っています。計算するのは IPv4 だけです",
    "{address}: its type {expr} is known only at deploy time, so it became {ingress} and {egress}, each created only when the type has its direction.": "{address}: type {expr} はデプロイ時にしかわからないため、{ingress} と {egress} になりました。それぞれ type がその方向のときだけ作成されます。",
    "calls cidrsubnet() with arguments it cannot use": "使えない引数で cidrsubnet() を呼び出しています",
    "calls cidrsubnet() with newbits or netnum not literal": "リテラルでない newbits または netnum で cidrsubnet() を呼び出しています",
    "name_regex {pattern!r} is read as the exact name {name!r}; Terraform matched every name containing it": "name_regex {pattern!r} を正確な名前 {name!r} として読みます。Terraform はそれを含むすべての名前に一致させていました",
    "reads {attribute} of {source}, which {type} has no attribute for": "{source} の {attribute} を参照していますが、{type} にはそれに当たる属性がありません",
    "{argument} is not converted; the template reads the first item ROS lists": "{argument} は変換されません。テンプレートは ROS が返す最初の項目を読みます",
    "{source} became the ROS data source {name} ({type}), read when the stack is created.": "{source} は ROS のデータソース {name}（{type}）になり、スタック作成時に読み取られます。",
    "{source}: {note}.": "{source}: {note}。",
    "{found} Terraform resources: {native} converted natively, {lossy} converted with losses, {dropped} left out, {not_created} not created (count 0).": "Terraform リソース {found} 個: ネイティブに変換 {native} 個、欠落ありで変換 {lossy} 個、省略 {dropped} 個、作成されないもの {not_created} 個（count 0）。",
    "another argument already gives {path} a value": "別の引数がすでに {path} に値を与えています",
    "{address}: left out {arguments}, Terraform's own settings for how it applies changes (a dry run, a forced update or delete, the language of the API's answers); ROS has no such setting and creates the same resource without them.": "{address}: {arguments} を省きました。これらは Terraform が変更を適用する方法 (ドライラン、強制的な更新や削除、API の応答の言語) を決めるだけです。ROS にはそのような設定がなく、それらなしで同じリソースを作成します。",
    "the vendor's rules map {tf_type} to {ros_type}, the type {other} creates, but {tf_type} has no argument for {missing}, which {ros_type} needs: it is another resource": "ベンダーのルールは {tf_type} を {other} が作成する型 {ros_type} に対応付けていますが、{tf_type} には {ros_type} に必要な {missing} の引数がありません。別のリソースです",
    "{type} takes {kind} for {name}": "{type} は {name} に {kind} を取ります",
    "{path} of {type} has no field for it": "{type} の {path} にはそのためのフィールドがありません",
    "{address}: {arguments} placed by the ROS schema's property names (the vendor's rules leave them out).": "{address}: {arguments} を ROS スキーマのプロパティ名に従って配置しました (ベンダーのルールでは省かれています)。",
    "reads a whole item of {source}, which {type} lists by id only": "{source} の項目全体を読み取っていますが、{type} は ID のみを返します",
    "{address}: {key} not converted ({reason}); added parameter {name} for it, to be set when the stack is created.": "{address}：{key} は変換されませんでした（{reason}）。そのためにパラメーター {name} を追加しました。スタック作成時に設定します。",
    "{expr} reads {source} at a computed index; parameter {name} stands for one chosen value, which every read gets.": "{expr} は計算されたインデックスで {source} を読み取ります。パラメーター {name} は選択された 1 つの値を表し、すべての読み取りがその値を受け取ります。",
    "{type} takes only {choices} for {name}, not {value!r}": "{type} は {name} に {choices} のみを受け付けます。{value!r} は受け付けません",
    "{source} became parameter {name}, chosen when the stack is created from the region's zones; Terraform listed only those where {service} is sold.": "{source} はパラメーター {name} になりました。スタック作成時にリージョンのゾーンから選択します。Terraform は {service} が提供されているゾーンのみを列挙していました。",
    "divides by zero": "ゼロで割っています",
    "is text with a value known only at deploy time": "デプロイ時にしか分からない値を含むテキストです",
    "it is known only at deploy time, and ROS takes the number in it": "デプロイ時にしか分からず、ROS はその中の数値を受け取ります",
    "it is not a license code of the form bhah_ent_<assets>_asset": "bhah_ent_<assets>_asset 形式のライセンスコードではありません",
    "reads a data source": "データソースを読み取ります",
    "reads {source}, which has count, not as its one copy [0]": "count を持つ {source} を、その唯一のコピー [0] としてではなく読み取ります",
    "reads {source}, whose count is 0": "count が 0 の {source} を読み取ります",
    "reads {source}, whose count is not 1, 0 or a choice of them": "count が 1、0、またはそのいずれかの選択ではない {source} を読み取ります",
    "{address}: {arguments} became {name} ({type}), a resource of its own, as the provider applies them with a call of their own.": "{address}: {arguments} は独立したリソース {name} ({type}) になりました。プロバイダーがそれらを個別の呼び出しで適用するためです。",
    "{type} would need one copy per item of {argument} in each copy of the resource, which ROS's Count cannot say": "{type} にはリソースの各コピーごとに {argument} の要素ごとのコピーが必要ですが、ROS の Count では表せません",
    "it repeats a block over copies known only at deploy time, which ROS cannot list here": "デプロイ時にしか分からないコピーごとにブロックを繰り返しており、ROS はここでそれを一覧にできません",
    "ROS cannot compute the blocks from the parameter there": "ROS はそこでパラメーターからブロックを計算できません",
    "the dynamic block {name} was repeated over the default of {variable} ({reason}), so a different value at deploy time is not followed.": "動的ブロック {name} は {variable} の既定値に対して繰り返されました ({reason})。そのため、デプロイ時の別の値には従いません。",
    "reads a file whose path is only known at deploy time": "パスがデプロイ時にしか分からないファイルを読み込みます",
    "The configuration reads {path}, which is not in the Workspace (missing, or not UTF-8 text), so Terraform fails to read it when ROS deploys the stack.": "構成は {path} を読み込みますが、これは Workspace にありません (存在しないか UTF-8 テキストではありません)。そのため、ROS がスタックをデプロイするときに Terraform はこれを読み込めません。",
    "The path {path} names {file} from the root module's folder; with the root module at the top of the Workspace it no longer leads there, so Terraform fails to read it when ROS deploys the stack; copy the file into that folder.": "パス {path} はルートモジュールのフォルダーから {file} を指しています。ルートモジュールが Workspace の最上位にあるとそこへは届かないため、ROS がスタックをデプロイするときに Terraform はこれを読み込めません。ファイルをそのフォルダーにコピーしてください。",
    "its path is only known at deploy time, when ROS cannot read a local file": "パスはデプロイ時にしか分からず、そのとき ROS はローカルファイルを読み込めません",
    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added for the same value.": "{address}: {argument} = {expr} {reason}。同じ値のために追加されたパラメーター {name} を使用します。",
    "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not and Fn::Equals there, with the functions its reference lists inside them.": "Conditions では {function} を使用できません。ROS がそこで評価するのは Fn::And、Fn::Or、Fn::Not、Fn::Equals と、その内側でリファレンスが挙げる関数だけです。",
    "Compute the value in the property instead (Fn::If, Fn::Jq), or test the parameters with Fn::Equals.": "代わりにプロパティ内で値を計算する (Fn::If、Fn::Jq) か、Fn::Equals でパラメーターを判定してください。",
    "has a test that ROS cannot evaluate in its Conditions (a value of each copy, or a function of the stack's creation)": "ROS が Conditions で評価できない判定を含みます (コピーごとの値、またはスタック作成時の関数)",
    "the vendor's rules send it to {name}, which {path} of {type} does not have": "ベンダーのルールはこれを {name} に送りますが、{type} の {path} にはそれがありません",
    "written blocks stand beside it": "その横に記述済みのブロックがあります",
    "its test is no Condition ROS can evaluate": "その判定は ROS が評価できる Condition ではありません",
    "the dynamic block {name} was repeated over the default of {variable}, since its test {test} {reason}, so a different value at deploy time is not followed.": "動的ブロック {name} は {variable} のデフォルト値で繰り返されました。判定 {test} が {reason} ため、デプロイ時に別の値を指定しても反映されません。",
    "its {argument} names no resource this template creates, and ROS sets it on the instance only": "{argument} がこのテンプレートで作成するリソースを指しておらず、ROS はそれをインスタンス上でのみ設定します",
    "makes copies, which ROS cannot write into one instance": "コピーを作成しますが、ROS はそれらを 1 つのインスタンスに書き込めません",
    "{address} became {properties} of {name}, as ROS sets it on the instance.": "{address} は {name} の {properties} になりました。ROS ではインスタンス上で設定するためです。",
    "{address}: where {argument} names another instance than {name} (an existing one), ROS cannot set this on it.": "{address}: {argument} が {name} 以外のインスタンス (既存のもの) を指す場合、ROS はそこにこれを設定できません。",
    "{argument} = {expr} {reason}": "{argument} = {expr} {reason}",
    "ROS requires {name}": "ROS では {name} が必須です",
    "it names a copy of an instance with Count, which ROS sets as one": "Count を持つインスタンスのコピーを指していますが、ROS はそれを 1 つとして設定します",
    "it names {name} only where {name} is not created": "{name} が作成されない場合にだけ {name} を指しています",
    "it does not set {fields}, which {name} of {type} needs": "{type} の {name} が必要とする {fields} を設定していません",
    "{address}: {arguments} not converted, as {name} already has a value there (its own, or another policy's); Terraform would change it once the instance exists.": "{address}: {name} にはすでに値があるため (自身のもの、または別のポリシーのもの)、{arguments} は変換されませんでした。Terraform はインスタンス作成後にそれを変更します。",
}
