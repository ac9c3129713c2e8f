"""User-visible text in the caller's language (A2A seed: `metadata.iac_code.preferredLanguage`).

Only text meant for people is translated: progress and status messages, questions, permission
prompts and their option labels. Protocol field names, enum values, ids and commands never are.
A language is chosen per turn; an unknown one falls back to English.

Messages are keyed by their English text, so a missing translation degrades to English. The
domain's texts (checker findings, Terraform warnings, building-block summaries; `iaccode.iac.msg`)
and the offline engine's answers are keyed the same way; their translations are in
`i18n_iac`, which `tests/agent/test_i18n.py` walks for completeness and placeholders.
"""

from __future__ import annotations

from collections.abc import Callable

from iaccode.agent.i18n_iac import iac_texts

LANGUAGES = ("en", "zh", "es", "fr", "de", "ja", "pt")

_CATALOG: dict[str, dict[str, str]] = {
    # The permission question: the title (a phrase without a full stop) ends as a sentence.
    "{title}. Allow once?": {
        "zh": "{title}。是否允许本次操作？",
        "es": "{title}. ¿Permitir una vez?",
        "fr": "{title}. Autoriser une fois ?",
        "de": "{title}. Einmal erlauben?",
        "ja": "{title}。今回のみ許可しますか？",
        "pt": "{title}. Permitir uma vez?",
    },
    "Allow once": {
        "zh": "允许一次",
        "es": "Permitir una vez",
        "fr": "Autoriser une fois",
        "de": "Einmal erlauben",
        "ja": "今回のみ許可",
        "pt": "Permitir uma vez",
    },
    "Deny": {
        "zh": "拒绝",
        "es": "Denegar",
        "fr": "Refuser",
        "de": "Ablehnen",
        "ja": "拒否",
        "pt": "Negar",
    },
    "Change a workspace file": {
        "zh": "修改工作区文件",
        "es": "Modificar un archivo del espacio de trabajo",
        "fr": "Modifier un fichier de l'espace de travail",
        "de": "Eine Datei im Arbeitsbereich ändern",
        "ja": "ワークスペースのファイルを変更",
        "pt": "Alterar um arquivo do espaço de trabalho",
    },
    "Write a file needed for the requested infrastructure task.": {
        "zh": "写入完成所请求的基础设施任务所需的文件。",
        "es": "Escribir un archivo necesario para la tarea de infraestructura solicitada.",
        "fr": "Écrire un fichier nécessaire à la tâche d'infrastructure demandée.",
        "de": "Eine Datei schreiben, die für die angefragte Infrastrukturaufgabe nötig ist.",
        "ja": "依頼されたインフラ作業に必要なファイルを書き込みます。",
        "pt": "Gravar um arquivo necessário para a tarefa de infraestrutura solicitada.",
    },
    "Read workspace data with {tool}": {
        "zh": "使用 {tool} 读取工作区数据",
        "es": "Leer datos del espacio de trabajo con {tool}",
        "fr": "Lire des données de l'espace de travail avec {tool}",
        "de": "Daten im Arbeitsbereich mit {tool} lesen",
        "ja": "{tool} でワークスペースのデータを読み取る",
        "pt": "Ler dados do espaço de trabalho com {tool}",
    },
    "Read local data needed for the requested infrastructure task.": {
        "zh": "读取完成所请求的基础设施任务所需的本地数据。",
        "es": "Leer datos locales necesarios para la tarea de infraestructura solicitada.",
        "fr": "Lire des données locales nécessaires à la tâche d'infrastructure demandée.",
        "de": "Lokale Daten lesen, die für die angefragte Infrastrukturaufgabe nötig sind.",
        "ja": "依頼されたインフラ作業に必要なローカルデータを読み取ります。",
        "pt": "Ler dados locais necessários para a tarefa de infraestrutura solicitada.",
    },
    "Run {tool}": {
        "zh": "运行 {tool}",
        "es": "Ejecutar {tool}",
        "fr": "Exécuter {tool}",
        "de": "{tool} ausführen",
        "ja": "{tool} を実行",
        "pt": "Executar {tool}",
    },
    "Run this operation for the requested infrastructure task.": {
        "zh": "为所请求的基础设施任务运行此操作。",
        "es": "Ejecutar esta operación para la tarea de infraestructura solicitada.",
        "fr": "Exécuter cette opération pour la tâche d'infrastructure demandée.",
        "de": "Diesen Vorgang für die angefragte Infrastrukturaufgabe ausführen.",
        "ja": "依頼されたインフラ作業のためにこの操作を実行します。",
        "pt": "Executar esta operação para a tarefa de infraestrutura solicitada.",
    },
    "a file in the current workspace": {
        "zh": "当前工作区中的文件",
        "es": "un archivo del espacio de trabajo actual",
        "fr": "un fichier de l'espace de travail actuel",
        "de": "eine Datei im aktuellen Arbeitsbereich",
        "ja": "現在のワークスペース内のファイル",
        "pt": "um arquivo do espaço de trabalho atual",
    },
    "the current local workspace": {
        "zh": "当前本地工作区",
        "es": "el espacio de trabajo local actual",
        "fr": "l'espace de travail local actuel",
        "de": "der aktuelle lokale Arbeitsbereich",
        "ja": "現在のローカルワークスペース",
        "pt": "o espaço de trabalho local atual",
    },
    "Task canceled.": {
        "zh": "任务已取消。",
        "es": "Tarea cancelada.",
        "fr": "Tâche annulée.",
        "de": "Aufgabe abgebrochen.",
        "ja": "タスクはキャンセルされました。",
        "pt": "Tarefa cancelada.",
    },
    "The agent failed to complete this turn (error id {error_id}).": {
        "zh": "智能体未能完成本轮处理（错误 ID {error_id}）。",
        "es": "El agente no pudo completar este turno (id de error {error_id}).",
        "fr": "L'agent n'a pas pu terminer ce tour (identifiant d'erreur {error_id}).",
        "de": "Der Agent konnte diesen Durchgang nicht abschließen (Fehler-ID {error_id}).",
        "ja": "エージェントはこのターンを完了できませんでした（エラー ID {error_id}）。",
        "pt": "O agente não conseguiu concluir este turno (id de erro {error_id}).",
    },
    # The supervisor's other ends of a turn (iaccode.tasks.supervisor); the AG-UI adapter
    # translates them too when they reach a RUN_ERROR.
    "Task was interrupted by process exit and cannot be revived automatically. "
    "Send a follow-up message to continue.": {
        "zh": "任务因进程退出而中断,无法自动恢复。请发送后续消息以继续。",
        "es": "La tarea se interrumpió al terminar el proceso y no puede reanudarse "
        "automáticamente. Envíe un mensaje de seguimiento para continuar.",
        "fr": "La tâche a été interrompue par l'arrêt du processus et ne peut pas reprendre "
        "automatiquement. Envoyez un nouveau message pour continuer.",
        "de": "Die Aufgabe wurde durch das Ende des Prozesses unterbrochen und kann nicht "
        "automatisch fortgesetzt werden. Senden Sie eine weitere Nachricht, um fortzufahren.",
        "ja": "プロセスの終了によりタスクが中断され、自動では再開できません。"
        "続けるにはメッセージを送信してください。",
        "pt": "A tarefa foi interrompida pelo fim do processo e não pode ser retomada "
        "automaticamente. Envie uma nova mensagem para continuar.",
    },
    "The end of this turn could not be stored, so the turn failed.": {
        "zh": "无法保存本轮的结束状态,因此本轮失败。",
        "es": "No se pudo guardar el final de este turno, así que el turno falló.",
        "fr": "La fin de ce tour n'a pas pu être enregistrée ; le tour a donc échoué.",
        "de": "Das Ende dieses Durchgangs konnte nicht gespeichert werden, daher ist er "
        "fehlgeschlagen.",
        "ja": "このターンの終了を保存できなかったため、ターンは失敗しました。",
        "pt": "Não foi possível salvar o fim deste turno, por isso o turno falhou.",
    },
    "The agent ended the turn without a result.": {
        "zh": "智能体结束了本轮,但没有给出结果。",
        "es": "El agente terminó el turno sin un resultado.",
        "fr": "L'agent a terminé le tour sans résultat.",
        "de": "Der Agent hat den Durchgang ohne Ergebnis beendet.",
        "ja": "エージェントは結果なしでターンを終了しました。",
        "pt": "O agente encerrou o turno sem um resultado.",
    },
    "The agent needs more input.": {  # an AG-UI interrupt whose pause brought no prompt
        "zh": "智能体需要更多输入。",
        "es": "El agente necesita más información.",
        "fr": "L'agent a besoin de plus d'informations.",
        "de": "Der Agent benötigt weitere Eingaben.",
        "ja": "エージェントには追加の入力が必要です。",
        "pt": "O agente precisa de mais informações.",
    },
    "Call Alibaba Cloud {api}": {
        "zh": "调用阿里云 {api}",
        "es": "Llamar a Alibaba Cloud {api}",
        "fr": "Appeler Alibaba Cloud {api}",
        "de": "Alibaba Cloud {api} aufrufen",
        "ja": "Alibaba Cloud {api} を呼び出す",
        "pt": "Chamar Alibaba Cloud {api}",
    },
    "Change cloud resources for the requested infrastructure task.": {
        "zh": "为所请求的基础设施任务变更云资源。",
        "es": "Cambiar recursos en la nube para la tarea de infraestructura solicitada.",
        "fr": "Modifier des ressources cloud pour la tâche d'infrastructure demandée.",
        "de": "Cloud-Ressourcen für die angefragte Infrastrukturaufgabe ändern.",
        "ja": "依頼されたインフラ作業のためにクラウドリソースを変更します。",
        "pt": "Alterar recursos na nuvem para a tarefa de infraestrutura solicitada.",
    },
    "I approved {tool} automatically.": {
        "zh": "我已自动批准 {tool}。",
        "es": "He aprobado {tool} automáticamente.",
        "fr": "J'ai approuvé {tool} automatiquement.",
        "de": "Ich habe {tool} automatisch genehmigt.",
        "ja": "{tool} を自動的に承認しました。",
        "pt": "Aprovei {tool} automaticamente.",
    },
    # The llm engine's notices (iaccode.agent.llm.engine).
    "The answer was cut off because it reached the model's output limit.": {
        "zh": "回答因达到模型的输出上限而被截断。",
        "es": "La respuesta se cortó porque alcanzó el límite de salida del modelo.",
        "fr": "La réponse a été coupée car elle a atteint la limite de sortie du modèle.",
        "de": "Die Antwort wurde abgeschnitten: Sie hat das Ausgabelimit des Modells erreicht.",
        "ja": "モデルの出力上限に達したため、回答は途中で切れています。",
        "pt": "A resposta foi cortada porque atingiu o limite de saída do modelo.",
    },
    "The answer was stopped by the model provider's content filter.": {
        "zh": "回答被模型服务商的内容过滤器中止。",
        "es": "La respuesta fue detenida por el filtro de contenido del proveedor del modelo.",
        "fr": "La réponse a été interrompue par le filtre de contenu du fournisseur du modèle.",
        "de": "Die Antwort wurde vom Inhaltsfilter des Modellanbieters abgebrochen.",
        "ja": "回答はモデル提供元のコンテンツフィルターによって中断されました。",
        "pt": "A resposta foi interrompida pelo filtro de conteúdo do provedor do modelo.",
    },
    (
        "I stopped after {steps} model calls in this turn, before running {calls} more tool "
        "calls; ask me to continue."
    ): {
        "zh": "本轮在 {steps} 次模型调用后停止，尚有 {calls} 个工具调用未执行；如需继续请告诉我。",
        "es": (
            "Me detuve tras {steps} llamadas al modelo en este turno, antes de ejecutar {calls} "
            "llamadas a herramientas más; pídeme que continúe."
        ),
        "fr": (
            "Je me suis arrêté après {steps} appels au modèle dans ce tour, avant d'exécuter "
            "{calls} appels d'outils de plus ; demandez-moi de continuer."
        ),
        "de": (
            "Ich habe nach {steps} Modellaufrufen in diesem Durchgang angehalten, bevor {calls} "
            "weitere Werkzeugaufrufe liefen; bitten Sie mich, fortzufahren."
        ),
        "ja": (
            "このターンでは {steps} 回のモデル呼び出しで停止し、残り {calls} 件のツール呼び出しは"
            "実行していません。続けるには指示してください。"
        ),
        "pt": (
            "Parei após {steps} chamadas ao modelo neste turno, antes de executar mais {calls} "
            "chamadas de ferramentas; peça-me para continuar."
        ),
    },
}


def normalize_language(value: object) -> str | None:
    """`zh-CN` -> `zh`; None for anything that is not a supported language."""
    if not isinstance(value, str):
        return None
    language = value.strip().lower().replace("_", "-").split("-", 1)[0]
    return language if language in LANGUAGES else None


def translate(text: str, language: str | None, **values: object) -> str:
    """`text` in `language` (English when unknown), with `values` filled in."""
    if language is None or language == "en":
        translated = text
    elif text in _CATALOG:
        translated = _CATALOG[text].get(language, text)
    else:
        translated = iac_texts(language).get(text, text)
    return translated.format(**values) if values else translated


def translator(language: object) -> Callable[[str], str]:
    """English template -> the same template in `language` (normalised; English when unknown),
    the `Translate` that `iaccode.iac.msg.Msg.render` takes."""
    chosen = normalize_language(language)
    if chosen is None or chosen == "en":
        return _english
    texts = iac_texts(chosen)
    return lambda template: texts.get(template, template)


def _english(template: str) -> str:
    return template
