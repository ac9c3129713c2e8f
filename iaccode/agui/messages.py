"""Error messages in the caller's language (AG-UI seed: `Accept-Language` is the fallback for
error messages, `forwardedProps.iacCode.preferredLanguage` wins).

Each code has one sentence for people, translated here; the specific reason (which field, which
interrupt) follows it, translated by its shape (`iaccode.agui.details`) with the protocol fields
and ids it names kept as they are; a reason the A2A core gave (a failed or interrupted turn) is
translated by the core's own catalogue; a reason of no known shape stays English.
"""

from __future__ import annotations

import re
from typing import Any

from iaccode.agent.i18n import normalize_language, translate
from iaccode.agui import errors as codes
from iaccode.agui.details import translate_detail
from iaccode.agui.errors import AguiError
from iaccode.tasks.supervisor import FAILED_MESSAGE

_FAILED = re.compile(
    re.escape(FAILED_MESSAGE).replace(re.escape("{error_id}"), r"(?P<id>[\w-]+)") + "$"
)

_MESSAGES: dict[str, dict[str, str]] = {
    codes.INVALID_INPUT: {
        "en": "The request is invalid.",
        "zh": "请求无效。",
        "es": "La solicitud no es válida.",
        "fr": "La requête n'est pas valide.",
        "de": "Die Anfrage ist ungültig.",
        "ja": "リクエストが無効です。",
        "pt": "A solicitação é inválida.",
    },
    codes.UNAUTHORIZED: {
        "en": "Authentication is required.",
        "zh": "需要身份验证。",
        "es": "Se requiere autenticación.",
        "fr": "Une authentification est requise.",
        "de": "Eine Authentifizierung ist erforderlich.",
        "ja": "認証が必要です。",
        "pt": "É necessária autenticação.",
    },
    codes.DUPLICATE_RUN_ID: {
        "en": "This run was already received.",
        "zh": "此运行已被接收。",
        "es": "Esta ejecución ya se recibió.",
        "fr": "Cette exécution a déjà été reçue.",
        "de": "Dieser Lauf wurde bereits empfangen.",
        "ja": "この実行はすでに受信されています。",
        "pt": "Esta execução já foi recebida.",
    },
    codes.RUN_ID_CONFLICT: {
        "en": "The run id is already used by another request.",
        "zh": "该运行 ID 已被其他请求使用。",
        "es": "El identificador de ejecución ya lo usa otra solicitud.",
        "fr": "L'identifiant d'exécution est déjà utilisé par une autre requête.",
        "de": "Die Lauf-ID wird bereits von einer anderen Anfrage verwendet.",
        "ja": "この実行 ID は別のリクエストで使用されています。",
        "pt": "O ID de execução já é usado por outra solicitação.",
    },
    codes.THREAD_BUSY: {
        "en": "The thread already has an active run.",
        "zh": "该会话已有正在进行的运行。",
        "es": "El hilo ya tiene una ejecución activa.",
        "fr": "Le fil a déjà une exécution active.",
        "de": "Der Thread hat bereits einen aktiven Lauf.",
        "ja": "このスレッドではすでに実行中です。",
        "pt": "O thread já tem uma execução ativa.",
    },
    codes.THREAD_BINDING_CONFLICT: {
        "en": "The thread is bound to another workspace or caller.",
        "zh": "该会话已绑定到其他工作区或调用方。",
        "es": "El hilo está vinculado a otro espacio de trabajo o llamante.",
        "fr": "Le fil est lié à un autre espace de travail ou appelant.",
        "de": "Der Thread ist an einen anderen Arbeitsbereich oder Aufrufer gebunden.",
        "ja": "このスレッドは別のワークスペースまたは呼び出し元に紐付いています。",
        "pt": "O thread está vinculado a outro espaço de trabalho ou chamador.",
    },
    codes.RESUME_REQUIRED: {
        "en": "The thread is waiting for answers to its interrupts.",
        "zh": "该会话正在等待中断的答复。",
        "es": "El hilo espera respuestas a sus interrupciones.",
        "fr": "Le fil attend des réponses à ses interruptions.",
        "de": "Der Thread wartet auf Antworten zu seinen Unterbrechungen.",
        "ja": "このスレッドは中断への回答を待っています。",
        "pt": "O thread aguarda respostas às suas interrupções.",
    },
    codes.INCOMPLETE_RESUME: {
        "en": "The resume must answer every pending interrupt exactly once.",
        "zh": "恢复请求必须对每个待处理的中断恰好答复一次。",
        "es": "La reanudación debe responder cada interrupción pendiente exactamente una vez.",
        "fr": "La reprise doit répondre exactement une fois à chaque interruption en attente.",
        "de": "Die Wiederaufnahme muss jede offene Unterbrechung genau einmal beantworten.",
        "ja": "再開では保留中のすべての中断にちょうど一度ずつ回答する必要があります。",
        "pt": "A retomada deve responder cada interrupção pendente exatamente uma vez.",
    },
    codes.UNKNOWN_INTERRUPT: {
        "en": "The resume names an unknown interrupt.",
        "zh": "恢复请求包含未知的中断。",
        "es": "La reanudación nombra una interrupción desconocida.",
        "fr": "La reprise désigne une interruption inconnue.",
        "de": "Die Wiederaufnahme nennt eine unbekannte Unterbrechung.",
        "ja": "再開に不明な中断が含まれています。",
        "pt": "A retomada menciona uma interrupção desconhecida.",
    },
    codes.RESUME_PAYLOAD_INVALID: {
        "en": "The answer does not match the interrupt's response schema.",
        "zh": "答复不符合中断的响应结构。",
        "es": "La respuesta no coincide con el esquema de respuesta de la interrupción.",
        "fr": "La réponse ne correspond pas au schéma de réponse de l'interruption.",
        "de": "Die Antwort entspricht nicht dem Antwortschema der Unterbrechung.",
        "ja": "回答が中断の応答スキーマと一致しません。",
        "pt": "A resposta não corresponde ao esquema de resposta da interrupção.",
    },
    codes.RESUME_ALREADY_APPLIED: {
        "en": "This answer was already applied.",
        "zh": "该答复已被应用。",
        "es": "Esta respuesta ya se aplicó.",
        "fr": "Cette réponse a déjà été appliquée.",
        "de": "Diese Antwort wurde bereits angewendet.",
        "ja": "この回答はすでに適用されています。",
        "pt": "Esta resposta já foi aplicada.",
    },
    codes.EXECUTION_EXPIRED: {
        "en": "The interrupt has expired.",
        "zh": "该中断已过期。",
        "es": "La interrupción ha caducado.",
        "fr": "L'interruption a expiré.",
        "de": "Die Unterbrechung ist abgelaufen.",
        "ja": "中断の有効期限が切れました。",
        "pt": "A interrupção expirou.",
    },
    codes.EXECUTION_LOST: {
        "en": "The execution could not be recovered.",
        "zh": "无法恢复该执行。",
        "es": "No se pudo recuperar la ejecución.",
        "fr": "L'exécution n'a pas pu être récupérée.",
        "de": "Die Ausführung konnte nicht wiederhergestellt werden.",
        "ja": "実行を復元できませんでした。",
        "pt": "Não foi possível recuperar a execução.",
    },
    codes.EXECUTION_NOT_FOUND: {
        "en": "The execution was not found.",
        "zh": "未找到该执行。",
        "es": "No se encontró la ejecución.",
        "fr": "L'exécution est introuvable.",
        "de": "Die Ausführung wurde nicht gefunden.",
        "ja": "実行が見つかりません。",
        "pt": "A execução não foi encontrada.",
    },
    codes.STATE_PERSISTENCE_FAILED: {
        "en": "The state needed to recover this run could not be saved.",
        "zh": "无法保存恢复此运行所需的状态。",
        "es": "No se pudo guardar el estado necesario para recuperar esta ejecución.",
        "fr": "L'état nécessaire à la reprise de cette exécution n'a pas pu être enregistré.",
        "de": "Der für die Wiederherstellung nötige Zustand konnte nicht gespeichert werden.",
        "ja": "この実行の復元に必要な状態を保存できませんでした。",
        "pt": "Não foi possível salvar o estado necessário para recuperar esta execução.",
    },
    codes.A2A_UNAVAILABLE: {
        "en": "The agent runtime is not available.",
        "zh": "智能体运行时不可用。",
        "es": "El entorno de ejecución del agente no está disponible.",
        "fr": "L'environnement d'exécution de l'agent n'est pas disponible.",
        "de": "Die Agenten-Laufzeit ist nicht erreichbar.",
        "ja": "エージェントのランタイムを利用できません。",
        "pt": "O ambiente de execução do agente não está disponível.",
    },
    codes.A2A_PROTOCOL_ERROR: {
        "en": "The agent runtime answered unexpectedly.",
        "zh": "智能体运行时返回了意外的响应。",
        "es": "El entorno de ejecución del agente respondió de forma inesperada.",
        "fr": "L'environnement d'exécution de l'agent a répondu de façon inattendue.",
        "de": "Die Agenten-Laufzeit hat unerwartet geantwortet.",
        "ja": "エージェントのランタイムから予期しない応答がありました。",
        "pt": "O ambiente de execução do agente respondeu de forma inesperada.",
    },
    codes.A2A_EXECUTION_FAILED: {
        "en": "The agent could not complete this run.",
        "zh": "智能体未能完成此运行。",
        "es": "El agente no pudo completar esta ejecución.",
        "fr": "L'agent n'a pas pu terminer cette exécution.",
        "de": "Der Agent konnte diesen Lauf nicht abschließen.",
        "ja": "エージェントはこの実行を完了できませんでした。",
        "pt": "O agente não conseguiu concluir esta execução.",
    },
    codes.CANCELLED: {
        "en": "The execution was cancelled.",
        "zh": "该执行已被取消。",
        "es": "La ejecución se canceló.",
        "fr": "L'exécution a été annulée.",
        "de": "Die Ausführung wurde abgebrochen.",
        "ja": "実行はキャンセルされました。",
        "pt": "A execução foi cancelada.",
    },
}


def envelope(error: AguiError, language: str | None) -> dict[str, Any]:
    """The HTTP JSON body of an error answered before a stream starts."""
    body: dict[str, Any] = {
        "code": error.code,
        "message": describe(error.code, error.message, language),
    }
    if error.details:
        body["details"] = error.details
    return {"error": body}


def describe(code: str, detail: str, language: str | None) -> str:
    """The code's sentence in `language` (English when unknown), then the specific reason."""
    texts = _MESSAGES.get(code, {})
    sentence = texts.get(language or "en") or texts.get("en", "")
    if detail and detail != sentence and language in texts:
        detail = _reason(detail, language)
    return f"{sentence} {detail}".strip() if detail and detail != sentence else sentence


def _reason(detail: str, language: str) -> str:
    """The reason in `language`: the adapter's own by their shape; the core's (a failed or
    interrupted turn, as A2A ended it) by their English text, the way the core translates them."""
    translated = translate_detail(detail, language)
    if translated != detail:
        return translated
    failed = _FAILED.match(detail)
    if failed is not None:
        return translate(FAILED_MESSAGE, language, error_id=failed.group("id"))
    return translate(detail, language)


def language_of(preferred: object, accept_language: str | None) -> str | None:
    """preferredLanguage when supported, else the first supported `Accept-Language` entry."""
    language = normalize_language(preferred)
    if language is not None:
        return language
    ranked = []
    for index, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        if weight > 0:
            ranked.append((-weight, index, tag))
    for _, _, tag in sorted(ranked):
        language = normalize_language(tag)
        if language is not None:
            return language
    return None
