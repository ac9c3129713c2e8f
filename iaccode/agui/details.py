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
            if "w" in groups:
                groups["v"] = groups.pop("w")
            return templates[language].format(**groups)
    must = _MUST_SHAPE.match(detail)
    if must is not None:
        kind = _KINDS.get(must.group("v"), {}).get(language)
        if kind is not None and language in _MUST:
            return _MUST[language].format(f=must.group("f"), v=kind)
    return detail
