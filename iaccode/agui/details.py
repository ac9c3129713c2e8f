"""The specific reason of an input error, in the caller's language.

`iaccode.agui.messages` puts each code's sentence first; the reason that follows names a
protocol field (`forwardedProps.iacCode.cwd`), which is never translated. The reasons of the
input checks come in a few shapes ("<field> must be a string."), so each shape is translated
once here, with the field (and any value) kept as it is. A reason of no known shape stays
English.
"""

from __future__ import annotations

import re

F = r"(?P<f>[\w.\[\]]+)"  # a protocol field path, e.g. RunAgentInput.messages[0].content

# (pattern, {language: template}); templates use {f}, {n}, {v} from the pattern's groups.
_SHAPES: list[tuple[re.Pattern[str], dict[str, str]]] = [
    (
        re.compile(rf"^{F} is required( \(an object\))?\.$"),
        {
            "zh": "{f} 为必填项。",
            "es": "{f} es obligatorio.",
            "fr": "{f} est obligatoire.",
            "de": "{f} ist erforderlich.",
            "ja": "{f} は必須です。",
            "pt": "{f} é obrigatório.",
        },
    ),
    (
        re.compile(rf"^{F} has unknown field '(?P<n>[^']*)'\.$"),
        {
            "zh": "{f} 包含未知字段 '{n}'。",
            "es": "{f} tiene un campo desconocido '{n}'.",
            "fr": "{f} contient un champ inconnu '{n}'.",
            "de": "{f} enthält das unbekannte Feld '{n}'.",
            "ja": "{f} に不明なフィールド '{n}' があります。",
            "pt": "{f} tem um campo desconhecido '{n}'.",
        },
    ),
    (
        re.compile(rf"^{F} is empty\.$"),
        {
            "zh": "{f} 为空。",
            "es": "{f} está vacío.",
            "fr": "{f} est vide.",
            "de": "{f} ist leer.",
            "ja": "{f} が空です。",
            "pt": "{f} está vazio.",
        },
    ),
    (
        re.compile(rf"^{F} is longer than (?P<n>\d+) characters\.$"),
        {
            "zh": "{f} 超过 {n} 个字符。",
            "es": "{f} supera los {n} caracteres.",
            "fr": "{f} dépasse {n} caractères.",
            "de": "{f} ist länger als {n} Zeichen.",
            "ja": "{f} が {n} 文字を超えています。",
            "pt": "{f} tem mais de {n} caracteres.",
        },
    ),
    (
        re.compile(rf"^{F} is not valid base64\.$"),
        {
            "zh": "{f} 不是有效的 base64。",
            "es": "{f} no es base64 válido.",
            "fr": "{f} n'est pas du base64 valide.",
            "de": "{f} ist kein gültiges Base64.",
            "ja": "{f} は有効な base64 ではありません。",
            "pt": "{f} não é base64 válido.",
        },
    ),
    (
        re.compile(rf"^{F}: the image exceeds (?P<n>\d+) MiB\.$"),
        {
            "zh": "{f}:图片超过 {n} MiB。",
            "es": "{f}: la imagen supera {n} MiB.",
            "fr": "{f} : l'image dépasse {n} Mio.",
            "de": "{f}: Das Bild ist größer als {n} MiB.",
            "ja": "{f}: 画像が {n} MiB を超えています。",
            "pt": "{f}: a imagem excede {n} MiB.",
        },
    ),
    (
        re.compile(rf"^{F}: the images together exceed (?P<n>\d+) MiB\.$"),
        {
            "zh": "{f}:图片合计超过 {n} MiB。",
            "es": "{f}: las imágenes juntas superan {n} MiB.",
            "fr": "{f} : les images dépassent ensemble {n} Mio.",
            "de": "{f}: Die Bilder sind zusammen größer als {n} MiB.",
            "ja": "{f}: 画像の合計が {n} MiB を超えています。",
            "pt": "{f}: as imagens juntas excedem {n} MiB.",
        },
    ),
    (
        re.compile(rf"^{F}: the image is empty\.$"),
        {
            "zh": "{f}:图片为空。",
            "es": "{f}: la imagen está vacía.",
            "fr": "{f} : l'image est vide.",
            "de": "{f}: Das Bild ist leer.",
            "ja": "{f}: 画像が空です。",
            "pt": "{f}: a imagem está vazia.",
        },
    ),
    (
        # "must be one of a, b" and "must be a, b or c" (choices, kept as they are)
        re.compile(rf"^{F} must be (?:one of (?P<v>.+)|(?P<w>[\w-]+(?:, [\w-]+)* or [\w-]+))\.$"),
        {
            "zh": "{f} 必须是以下之一:{v}。",
            "es": "{f} debe ser uno de: {v}.",
            "fr": "{f} doit être l'une des valeurs : {v}.",
            "de": "{f} muss eines von {v} sein.",
            "ja": "{f} は次のいずれかである必要があります: {v}。",
            "pt": "{f} deve ser um de: {v}.",
        },
    ),
    (
        re.compile(rf"^{F} must be a string of 1 to (?P<n>\d+) characters\.$"),
        {
            "zh": "{f} 必须是 1 到 {n} 个字符的字符串。",
            "es": "{f} debe ser una cadena de 1 a {n} caracteres.",
            "fr": "{f} doit être une chaîne de 1 à {n} caractères.",
            "de": "{f} muss eine Zeichenkette mit 1 bis {n} Zeichen sein.",
            "ja": "{f} は 1 から {n} 文字の文字列である必要があります。",
            "pt": "{f} deve ser uma string de 1 a {n} caracteres.",
        },
    ),
    # The interrupt protocol's reasons (answered inside the stream as RUN_ERROR): the ids kept.
    (
        re.compile(r"^Interrupt (?P<i>\S+) expired; the execution was ended\.$"),
        {
            "zh": "中断 {i} 已过期;该执行已结束。",
            "es": "La interrupción {i} caducó; la ejecución terminó.",
            "fr": "L'interruption {i} a expiré ; l'exécution a pris fin.",
            "de": "Die Unterbrechung {i} ist abgelaufen; die Ausführung wurde beendet.",
            "ja": "中断 {i} の有効期限が切れたため、実行を終了しました。",
            "pt": "A interrupção {i} expirou; a execução foi encerrada.",
        },
    ),
    (
        re.compile(r"^Interrupt (?P<i>\S+) has expired\.$"),
        {
            "zh": "中断 {i} 已过期。",
            "es": "La interrupción {i} ha caducado.",
            "fr": "L'interruption {i} a expiré.",
            "de": "Die Unterbrechung {i} ist abgelaufen.",
            "ja": "中断 {i} の有効期限が切れました。",
            "pt": "A interrupção {i} expirou.",
        },
    ),
    (
        re.compile(r"^Pending interrupts: (?P<l>.+)\.$"),
        {
            "zh": "待处理的中断:{l}。",
            "es": "Interrupciones pendientes: {l}.",
            "fr": "Interruptions en attente : {l}.",
            "de": "Offene Unterbrechungen: {l}.",
            "ja": "保留中の中断: {l}。",
            "pt": "Interrupções pendentes: {l}.",
        },
    ),
    (
        re.compile(r"^Interrupt (?P<i>\S+) is answered twice\.$"),
        {
            "zh": "中断 {i} 被答复了两次。",
            "es": "La interrupción {i} se responde dos veces.",
            "fr": "L'interruption {i} reçoit deux réponses.",
            "de": "Die Unterbrechung {i} wird zweimal beantwortet.",
            "ja": "中断 {i} に二重に回答しています。",
            "pt": "A interrupção {i} é respondida duas vezes.",
        },
    ),
    (
        re.compile(r"^The resume must answer every pending interrupt; missing: (?P<l>.+)\.$"),
        {
            "zh": "恢复请求必须答复每个待处理的中断;缺少:{l}。",
            "es": "La reanudación debe responder cada interrupción pendiente; faltan: {l}.",
            "fr": "La reprise doit répondre à chaque interruption en attente ; manquantes : {l}.",
            "de": "Die Wiederaufnahme muss jede offene Unterbrechung beantworten; es fehlen: {l}.",
            "ja": "再開では保留中のすべての中断に回答する必要があります。不足: {l}。",
            "pt": "A retomada deve responder cada interrupção pendente; faltam: {l}.",
        },
    ),
    (
        re.compile(r"^Interrupt (?P<i>\S+) was already applied\.$"),
        {
            "zh": "中断 {i} 的答复已被应用。",
            "es": "La respuesta a la interrupción {i} ya se aplicó.",
            "fr": "La réponse à l'interruption {i} a déjà été appliquée.",
            "de": "Die Antwort auf die Unterbrechung {i} wurde bereits angewendet.",
            "ja": "中断 {i} への回答はすでに適用されています。",
            "pt": "A resposta à interrupção {i} já foi aplicada.",
        },
    ),
    (
        re.compile(r"^Interrupt (?P<i>\S+) was already answered differently\.$"),
        {
            "zh": "中断 {i} 已有不同的答复。",
            "es": "La interrupción {i} ya se respondió de otra forma.",
            "fr": "L'interruption {i} a déjà reçu une autre réponse.",
            "de": "Die Unterbrechung {i} wurde bereits anders beantwortet.",
            "ja": "中断 {i} にはすでに別の回答があります。",
            "pt": "A interrupção {i} já foi respondida de outra forma.",
        },
    ),
    (
        re.compile(r"^Interrupt (?P<i>\S+) is not pending\.$"),
        {
            "zh": "中断 {i} 不在待处理状态。",
            "es": "La interrupción {i} no está pendiente.",
            "fr": "L'interruption {i} n'est pas en attente.",
            "de": "Die Unterbrechung {i} ist nicht offen.",
            "ja": "中断 {i} は保留中ではありません。",
            "pt": "A interrupção {i} não está pendente.",
        },
    ),
    (
        # a payload's shape, the JSON kept as it is
        re.compile(rf"^{F} must be (?P<a>\{{.*?\}}) or (?P<b>\{{.*?\}})\.$"),
        {
            "zh": "{f} 必须是 {a} 或 {b}。",
            "es": "{f} debe ser {a} o {b}.",
            "fr": "{f} doit être {a} ou {b}.",
            "de": "{f} muss {a} oder {b} sein.",
            "ja": "{f} は {a} または {b} である必要があります。",
            "pt": "{f} deve ser {a} ou {b}.",
        },
    ),
    (
        re.compile(rf"^{F} must be (?P<a>\{{.*\}})\.$"),
        {
            "zh": "{f} 必须是 {a}。",
            "es": "{f} debe ser {a}.",
            "fr": "{f} doit être {a}.",
            "de": "{f} muss {a} sein.",
            "ja": "{f} は {a} である必要があります。",
            "pt": "{f} deve ser {a}.",
        },
    ),
    (
        # check_payload's reasons name the interrupt: its id and the JSON kept as they are
        re.compile(r"^The payload for interrupt (?P<i>\S+) must be an object\.$"),
        {
            "zh": "中断 {i} 的答复内容必须是对象。",
            "es": "La respuesta a la interrupción {i} debe ser un objeto.",
            "fr": "La réponse à l'interruption {i} doit être un objet.",
            "de": "Die Antwort auf die Unterbrechung {i} muss ein Objekt sein.",
            "ja": "中断 {i} への回答はオブジェクトである必要があります。",
            "pt": "A resposta à interrupção {i} deve ser um objeto.",
        },
    ),
    (
        re.compile(
            r"^The payload for interrupt (?P<i>\S+) must be (?P<a>\{.*?\}) or (?P<b>\{.*?\})\.$"
        ),
        {
            "zh": "中断 {i} 的答复内容必须是 {a} 或 {b}。",
            "es": "La respuesta a la interrupción {i} debe ser {a} o {b}.",
            "fr": "La réponse à l'interruption {i} doit être {a} ou {b}.",
            "de": "Die Antwort auf die Unterbrechung {i} muss {a} oder {b} sein.",
            "ja": "中断 {i} への回答は {a} または {b} である必要があります。",
            "pt": "A resposta à interrupção {i} deve ser {a} ou {b}.",
        },
    ),
    (
        re.compile(r"^The payload for interrupt (?P<i>\S+) must be (?P<a>\{.*\})\.$"),
        {
            "zh": "中断 {i} 的答复内容必须是 {a}。",
            "es": "La respuesta a la interrupción {i} debe ser {a}.",
            "fr": "La réponse à l'interruption {i} doit être {a}.",
            "de": "Die Antwort auf die Unterbrechung {i} muss {a} sein.",
            "ja": "中断 {i} への回答は {a} である必要があります。",
            "pt": "A resposta à interrupção {i} deve ser {a}.",
        },
    ),
    (
        re.compile(r"^Use (?P<m>[A-Z]+(?:, [A-Z]+)*)\.$"),  # 405, the allowed methods kept
        {
            "zh": "请使用 {m}。",
            "es": "Utilice {m}.",
            "fr": "Utilisez {m}.",
            "de": "Verwenden Sie {m}.",
            "ja": "{m} を使用してください。",
            "pt": "Utilize {m}.",
        },
    ),
    (
        re.compile(r"^Run (?P<r>\S+) exists in this thread\.$"),
        {
            "zh": "运行 {r} 已存在于此会话中。",
            "es": "La ejecución {r} ya existe en este hilo.",
            "fr": "L'exécution {r} existe déjà dans ce fil.",
            "de": "Der Lauf {r} existiert in diesem Thread bereits.",
            "ja": "実行 {r} はこのスレッドにすでに存在します。",
            "pt": "A execução {r} já existe neste thread.",
        },
    ),
    (
        re.compile(r"^Run (?P<r>\S+) exists in this thread with a different request\.$"),
        {
            "zh": "运行 {r} 已以不同的请求存在于此会话中。",
            "es": "La ejecución {r} ya existe en este hilo con otra solicitud.",
            "fr": "L'exécution {r} existe déjà dans ce fil avec une autre requête.",
            "de": "Der Lauf {r} existiert in diesem Thread bereits mit einer anderen Anfrage.",
            "ja": "実行 {r} はこのスレッドに別のリクエストとしてすでに存在します。",
            "pt": "A execução {r} já existe neste thread com outra solicitação.",
        },
    ),
    (
        re.compile(r"^Run (?P<r>\S+) is still active in this thread\.$"),
        {
            "zh": "运行 {r} 仍在此会话中进行。",
            "es": "La ejecución {r} sigue activa en este hilo.",
            "fr": "L'exécution {r} est toujours active dans ce fil.",
            "de": "Der Lauf {r} ist in diesem Thread noch aktiv.",
            "ja": "実行 {r} はこのスレッドでまだ実行中です。",
            "pt": "A execução {r} ainda está ativa neste thread.",
        },
    ),
    (
        re.compile(r"^No execution (?P<e>\S+)\.$"),
        {
            "zh": "没有执行 {e}。",
            "es": "No existe la ejecución {e}.",
            "fr": "Aucune exécution {e}.",
            "de": "Es gibt keine Ausführung {e}.",
            "ja": "実行 {e} はありません。",
            "pt": "Não existe a execução {e}.",
        },
    ),
    (
        re.compile(r"^A2A error (?P<n>-?\d+)\.$"),
        {
            "zh": "A2A 错误 {n}。",
            "es": "Error de A2A {n}.",
            "fr": "Erreur A2A {n}.",
            "de": "A2A-Fehler {n}.",
            "ja": "A2A エラー {n}。",
            "pt": "Erro de A2A {n}.",
        },
    ),
    (
        re.compile(r"^There is no route (?P<p>/\S*)\.$"),
        {
            "zh": "没有路由 {p}。",
            "es": "No existe la ruta {p}.",
            "fr": "Il n'existe pas de route {p}.",
            "de": "Es gibt keine Route {p}.",
            "ja": "ルート {p} はありません。",
            "pt": "Não existe a rota {p}.",
        },
    ),
]

# "<field> must be <kind>.": one template per language, the kind translated from this table.
_MUST = {
    "zh": "{f} 必须是{v}。",
    "es": "{f} debe ser {v}.",
    "fr": "{f} doit être {v}.",
    "de": "{f} muss {v} sein.",
    "ja": "{f} は{v}である必要があります。",
    "pt": "{f} deve ser {v}.",
}
_KINDS: dict[str, dict[str, str]] = {
    "a string": {
        "zh": "字符串",
        "es": "una cadena",
        "fr": "une chaîne",
        "de": "eine Zeichenkette",
        "ja": "文字列",
        "pt": "uma string",
    },
    "an object": {
        "zh": "对象",
        "es": "un objeto",
        "fr": "un objet",
        "de": "ein Objekt",
        "ja": "オブジェクト",
        "pt": "um objeto",
    },
    "a list": {
        "zh": "列表",
        "es": "una lista",
        "fr": "une liste",
        "de": "eine Liste",
        "ja": "リスト",
        "pt": "uma lista",
    },
    "a boolean": {
        "zh": "布尔值",
        "es": "un booleano",
        "fr": "un booléen",
        "de": "ein Wahrheitswert",
        "ja": "真偽値",
        "pt": "um booleano",
    },
    "a non-empty string": {
        "zh": "非空字符串",
        "es": "una cadena no vacía",
        "fr": "une chaîne non vide",
        "de": "eine nicht leere Zeichenkette",
        "ja": "空でない文字列",
        "pt": "uma string não vazia",
    },
    "a positive integer": {
        "zh": "正整数",
        "es": "un entero positivo",
        "fr": "un entier positif",
        "de": "eine positive ganze Zahl",
        "ja": "正の整数",
        "pt": "um inteiro positivo",
    },
    "an absolute path": {
        "zh": "绝对路径",
        "es": "una ruta absoluta",
        "fr": "un chemin absolu",
        "de": "ein absoluter Pfad",
        "ja": "絶対パス",
        "pt": "um caminho absoluto",
    },
    "base64 text": {
        "zh": "base64 文本",
        "es": "texto base64",
        "fr": "du texte base64",
        "de": "Base64-Text",
        "ja": "base64 テキスト",
        "pt": "texto base64",
    },
    "a string or a non-empty list of parts": {
        "zh": "字符串或非空的部件列表",
        "es": "una cadena o una lista no vacía de partes",
        "fr": "une chaîne ou une liste non vide de parties",
        "de": "eine Zeichenkette oder eine nicht leere Liste von Teilen",
        "ja": "文字列または空でないパーツのリスト",
        "pt": "uma string ou uma lista não vazia de partes",
    },
    "resolved or cancelled": {
        "zh": "resolved 或 cancelled",
        "es": "resolved o cancelled",
        "fr": "resolved ou cancelled",
        "de": "resolved oder cancelled",
        "ja": "resolved または cancelled",
        "pt": "resolved ou cancelled",
    },
    "1": {lang: "1" for lang in ("zh", "es", "fr", "de", "ja", "pt")},
}
_MUST_SHAPE = re.compile(rf"^{F} must be (?P<v>.+)\.$")

# Whole sentences without a field.
_SENTENCES: dict[str, dict[str, str]] = {
    "The body is not valid JSON.": {
        "zh": "请求体不是有效的 JSON。",
        "es": "El cuerpo no es JSON válido.",
        "fr": "Le corps n'est pas du JSON valide.",
        "de": "Der Rumpf ist kein gültiges JSON.",
        "ja": "本文が有効な JSON ではありません。",
        "pt": "O corpo não é JSON válido.",
    },
    "The body must be JSON (Content-Type: application/json).": {
        "zh": "请求体必须是 JSON(Content-Type: application/json)。",
        "es": "El cuerpo debe ser JSON (Content-Type: application/json).",
        "fr": "Le corps doit être du JSON (Content-Type: application/json).",
        "de": "Der Rumpf muss JSON sein (Content-Type: application/json).",
        "ja": "本文は JSON である必要があります (Content-Type: application/json)。",
        "pt": "O corpo deve ser JSON (Content-Type: application/json).",
    },
    "The request exceeds 12 MiB.": {
        "zh": "请求超过 12 MiB。",
        "es": "La solicitud supera 12 MiB.",
        "fr": "La requête dépasse 12 Mio.",
        "de": "Die Anfrage ist größer als 12 MiB.",
        "ja": "リクエストが 12 MiB を超えています。",
        "pt": "A solicitação excede 12 MiB.",
    },
    "The request body must be a JSON object (RunAgentInput).": {
        "zh": "请求体必须是 JSON 对象(RunAgentInput)。",
        "es": "El cuerpo de la solicitud debe ser un objeto JSON (RunAgentInput).",
        "fr": "Le corps de la requête doit être un objet JSON (RunAgentInput).",
        "de": "Der Rumpf der Anfrage muss ein JSON-Objekt sein (RunAgentInput).",
        "ja": "リクエスト本文は JSON オブジェクト (RunAgentInput) である必要があります。",
        "pt": "O corpo da solicitação deve ser um objeto JSON (RunAgentInput).",
    },
    "RunAgentInput.messages holds no user message to run.": {
        "zh": "RunAgentInput.messages 中没有可运行的用户消息。",
        "es": "RunAgentInput.messages no contiene ningún mensaje de usuario que ejecutar.",
        "fr": "RunAgentInput.messages ne contient aucun message utilisateur à exécuter.",
        "de": "RunAgentInput.messages enthält keine Benutzernachricht zum Ausführen.",
        "ja": "RunAgentInput.messages に実行するユーザーメッセージがありません。",
        "pt": "RunAgentInput.messages não contém nenhuma mensagem de usuário para executar.",
    },
    "RunAgentInput.tools must be empty: client-defined tools are not supported.": {
        "zh": "RunAgentInput.tools 必须为空:不支持客户端定义的工具。",
        "es": "RunAgentInput.tools debe estar vacío: no se admiten herramientas del cliente.",
        "fr": "RunAgentInput.tools doit être vide : les outils du client ne sont pas pris "
        "en charge.",
        "de": "RunAgentInput.tools muss leer sein: Werkzeuge des Clients werden nicht unterstützt.",
        "ja": "RunAgentInput.tools は空である必要があります: クライアント定義のツールは"
        "サポートされていません。",
        "pt": "RunAgentInput.tools deve estar vazio: ferramentas do cliente não são suportadas.",
    },
    # Reasons the adapter gives during a run (RUN_ERROR) and before it.
    "The A2A task has ended.": {
        "zh": "A2A 任务已结束。",
        "es": "La tarea A2A ha terminado.",
        "fr": "La tâche A2A est terminée.",
        "de": "Die A2A-Aufgabe ist beendet.",
        "ja": "A2A タスクは終了しています。",
        "pt": "A tarefa A2A foi encerrada.",
    },
    "The A2A stream ended before the turn did.": {
        "zh": "A2A 流在本轮结束之前就已结束。",
        "es": "El flujo A2A terminó antes que el turno.",
        "fr": "Le flux A2A s'est terminé avant le tour.",
        "de": "Der A2A-Stream endete vor dem Zug.",
        "ja": "ターンが終わる前に A2A ストリームが終了しました。",
        "pt": "O fluxo A2A terminou antes do turno.",
    },
    "The run stopped unexpectedly.": {
        "zh": "运行意外停止。",
        "es": "La ejecución se detuvo de forma inesperada.",
        "fr": "L'exécution s'est arrêtée de façon inattendue.",
        "de": "Der Lauf wurde unerwartet beendet.",
        "ja": "実行が予期せず停止しました。",
        "pt": "A execução parou de forma inesperada.",
    },
    "The A2A stream did not start with a task.": {
        "zh": "A2A 流的开头不是任务。",
        "es": "El flujo A2A no empezó con una tarea.",
        "fr": "Le flux A2A n'a pas commencé par une tâche.",
        "de": "Der A2A-Stream begann nicht mit einer Aufgabe.",
        "ja": "A2A ストリームがタスクで始まりませんでした。",
        "pt": "O fluxo A2A não começou com uma tarefa.",
    },
    "The question was cancelled.": {
        "zh": "该问题已被取消。",
        "es": "La pregunta se canceló.",
        "fr": "La question a été annulée.",
        "de": "Die Frage wurde abgebrochen.",
        "ja": "質問はキャンセルされました。",
        "pt": "A pergunta foi cancelada.",
    },
    "The A2A server cannot be reached.": {
        "zh": "无法连接 A2A 服务器。",
        "es": "No se puede contactar con el servidor A2A.",
        "fr": "Le serveur A2A est injoignable.",
        "de": "Der A2A-Server ist nicht erreichbar.",
        "ja": "A2A サーバーに接続できません。",
        "pt": "Não é possível contatar o servidor A2A.",
    },
    "The A2A server is busy; retry later.": {
        "zh": "A2A 服务器繁忙;请稍后重试。",
        "es": "El servidor A2A está ocupado; inténtelo más tarde.",
        "fr": "Le serveur A2A est occupé ; réessayez plus tard.",
        "de": "Der A2A-Server ist ausgelastet; später erneut versuchen.",
        "ja": "A2A サーバーが混み合っています。後で再試行してください。",
        "pt": "O servidor A2A está ocupado; tente novamente mais tarde.",
    },
    "The thread belongs to another cwd.": {
        "zh": "该会话属于另一个 cwd。",
        "es": "El hilo pertenece a otro cwd.",
        "fr": "Le fil appartient à un autre cwd.",
        "de": "Der Thread gehört zu einem anderen cwd.",
        "ja": "このスレッドは別の cwd に属しています。",
        "pt": "O thread pertence a outro cwd.",
    },
    "The thread belongs to another userId.": {
        "zh": "该会话属于另一个 userId。",
        "es": "El hilo pertenece a otro userId.",
        "fr": "Le fil appartient à un autre userId.",
        "de": "Der Thread gehört zu einer anderen userId.",
        "ja": "このスレッドは別の userId に属しています。",
        "pt": "O thread pertence a outro userId.",
    },
    "forwardedProps.iacCode.cwd is not a directory.": {
        "zh": "forwardedProps.iacCode.cwd 不是目录。",
        "es": "forwardedProps.iacCode.cwd no es un directorio.",
        "fr": "forwardedProps.iacCode.cwd n'est pas un répertoire.",
        "de": "forwardedProps.iacCode.cwd ist kein Verzeichnis.",
        "ja": "forwardedProps.iacCode.cwd はディレクトリではありません。",
        "pt": "forwardedProps.iacCode.cwd não é um diretório.",
    },
    "forwardedProps.iacCode.cwd is outside the allowed workspaces (IAC_CODE_AGUI_ALLOWED_CWDS).": {
        "zh": "forwardedProps.iacCode.cwd 不在允许的工作区内(IAC_CODE_AGUI_ALLOWED_CWDS)。",
        "es": "forwardedProps.iacCode.cwd está fuera de los espacios de trabajo permitidos "
        "(IAC_CODE_AGUI_ALLOWED_CWDS).",
        "fr": "forwardedProps.iacCode.cwd est en dehors des espaces de travail autorisés "
        "(IAC_CODE_AGUI_ALLOWED_CWDS).",
        "de": "forwardedProps.iacCode.cwd liegt außerhalb der erlaubten Arbeitsbereiche "
        "(IAC_CODE_AGUI_ALLOWED_CWDS).",
        "ja": "forwardedProps.iacCode.cwd は許可されたワークスペースの外にあります "
        "(IAC_CODE_AGUI_ALLOWED_CWDS)。",
        "pt": "forwardedProps.iacCode.cwd está fora dos espaços de trabalho permitidos "
        "(IAC_CODE_AGUI_ALLOWED_CWDS).",
    },
    "A resume must keep the rosInvocationId of the run it resumes.": {
        "zh": "恢复请求必须保留所恢复运行的 rosInvocationId。",
        "es": "Una reanudación debe conservar el rosInvocationId de la ejecución que reanuda.",
        "fr": "Une reprise doit garder le rosInvocationId de l'exécution qu'elle reprend.",
        "de": "Eine Wiederaufnahme muss die rosInvocationId des fortgesetzten Laufs behalten.",
        "ja": "再開では、再開する実行の rosInvocationId を変えてはいけません。",
        "pt": "Uma retomada deve manter o rosInvocationId da execução que retoma.",
    },
    "The body must be a JSON object.": {
        "zh": "请求体必须是 JSON 对象。",
        "es": "El cuerpo debe ser un objeto JSON.",
        "fr": "Le corps doit être un objet JSON.",
        "de": "Der Rumpf muss ein JSON-Objekt sein.",
        "ja": "本文は JSON オブジェクトである必要があります。",
        "pt": "O corpo deve ser um objeto JSON.",
    },
    "The thread's state cannot be read.": {
        "zh": "无法读取该会话的状态。",
        "es": "No se puede leer el estado del hilo.",
        "fr": "L'état du fil ne peut pas être lu.",
        "de": "Der Zustand des Threads kann nicht gelesen werden.",
        "ja": "スレッドの状態を読み取れません。",
        "pt": "Não é possível ler o estado do thread.",
    },
    "Send Authorization: Bearer <token>.": {
        "zh": "请发送 Authorization: Bearer <token>。",
        "es": "Envíe Authorization: Bearer <token>.",
        "fr": "Envoyez Authorization: Bearer <token>.",
        "de": "Senden Sie Authorization: Bearer <token>.",
        "ja": "Authorization: Bearer <token> を送信してください。",
        "pt": "Envie Authorization: Bearer <token>.",
    },
    "The thread's saved state is damaged.": {
        "zh": "该会话保存的状态已损坏。",
        "es": "El estado guardado del hilo está dañado.",
        "fr": "L'état enregistré du fil est endommagé.",
        "de": "Der gespeicherte Zustand des Threads ist beschädigt.",
        "ja": "スレッドの保存された状態が破損しています。",
        "pt": "O estado salvo do thread está danificado.",
    },
    "The thread's saved state is not its own.": {
        "zh": "该会话保存的状态不属于该会话。",
        "es": "El estado guardado del hilo no le pertenece.",
        "fr": "L'état enregistré du fil ne lui appartient pas.",
        "de": "Der gespeicherte Zustand gehört nicht zu diesem Thread.",
        "ja": "保存された状態はこのスレッドのものではありません。",
        "pt": "O estado salvo do thread não pertence a ele.",
    },
    "The thread's state could not be saved.": {
        "zh": "无法保存该会话的状态。",
        "es": "No se pudo guardar el estado del hilo.",
        "fr": "L'état du fil n'a pas pu être enregistré.",
        "de": "Der Zustand des Threads konnte nicht gespeichert werden.",
        "ja": "スレッドの状態を保存できませんでした。",
        "pt": "Não foi possível salvar o estado do thread.",
    },
}


def translate_detail(detail: str, language: str | None) -> str:
    """`detail` in `language` when its shape is known; as it is otherwise (and in English)."""
    if not language or language == "en":
        return detail
    sentence = _SENTENCES.get(detail)
    if sentence is not None:
        return sentence.get(language, detail)
    for pattern, templates in _SHAPES:
        match = pattern.match(detail)
        if match is not None and language in templates:
            groups = {k: v for k, v in match.groupdict().items() if v is not None}
            if "w" in groups:  # "a, b or c": the values kept, the English "or" not
                groups["v"] = groups.pop("w").replace(" or ", ", ")
            return templates[language].format(**groups)
    must = _MUST_SHAPE.match(detail)
    if must is not None:
        kind = _KINDS.get(must.group("v"), {}).get(language)
        if kind is not None and language in _MUST:
            return _MUST[language].format(f=must.group("f"), v=kind)
    return detail
