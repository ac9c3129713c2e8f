// The page's texts in the seven languages the agent speaks; the choice is also sent as
// forwardedProps.iacCode.preferredLanguage, so the agent answers in it too.
export const LANGUAGES = {
  en: "English",
  zh: "中文",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  ja: "日本語",
  pt: "Português",
};

const KEYS = [
  "title", "threads", "newThread", "message", "send", "cancel", "workspace", "language",
  "tokenTitle", "tokenHelp", "tokenSave", "you", "agent", "reasoning", "result", "input",
  "artifacts", "download", "diagram", "template", "permission", "purpose", "safeSummary",
  "deploymentSummary", "effect", "target", "allowOnce", "deny", "answer", "question",
  "cancelled", "error", "noThreads", "idle", "running", "waiting", "expires", "placeholder",
  "empty", "allowed", "denied", "answered", "noArtifacts", "skip", "showReasoning",
  "perMonth", "cloud", "cloudHelp", "stsToken", "region", "tokenWrong",
];

const TEXTS = {
  en: [
    "iaccode console", "Conversations", "New conversation", "Message", "Send", "Cancel",
    "Workspace (cwd)", "Language", "Access token",
    "This server needs its AG-UI token. It is kept in this browser tab only.", "Continue",
    "You", "Agent", "Reasoning", "Result", "Input", "Artifacts", "Download",
    "Architecture diagram", "Template", "Permission needed", "Purpose", "What it does",
    "Deployment", "Effect", "Target", "Allow once", "Deny", "Answer", "The agent asks",
    "Cancelled", "Error", "No conversations yet", "Ready", "Working…", "Waiting for your answer",
    "Answer before", "Describe the infrastructure you want…",
    "Describe what you want to build, or paste a ROS or Terraform template to review.",
    "Allowed once", "Denied", "Answered", "No artifacts yet", "Skip to the message box",
    "Show the model’s reasoning", "per month",
    "Alibaba Cloud credentials",
    "Sent with each turn for ROS work, never stored by the page or the server.",
    "STS token (optional)", "Region", "The server did not accept that token.",
  ],
  zh: [
    "iaccode 控制台", "会话", "新会话", "消息", "发送", "取消", "工作区 (cwd)", "语言", "访问令牌",
    "此服务器需要 AG-UI 令牌。令牌只保存在当前浏览器标签页中。", "继续", "你", "智能体", "推理过程",
    "结果", "输入", "产物", "下载", "架构图", "模板", "需要授权", "目的", "操作内容", "部署",
    "影响", "目标", "允许一次", "拒绝", "回答", "智能体提问", "已取消", "错误", "暂无会话", "就绪",
    "处理中…", "等待你的回答", "请在此时间前回答", "描述你想要的基础设施…",
    "描述你想构建的内容，或粘贴 ROS 或 Terraform 模板进行审查。", "已允许一次", "已拒绝", "已回答",
    "暂无产物", "跳到消息输入框",
    "显示模型的推理过程", "每月",
    "阿里云凭证", "随每轮对话发送，用于 ROS 操作；页面和服务器都不会保存。", "STS 令牌（可选）", "地域", "服务器未接受该令牌。",
  ],
  es: [
    "Consola de iaccode", "Conversaciones", "Nueva conversación", "Mensaje", "Enviar",
    "Cancelar", "Espacio de trabajo (cwd)", "Idioma", "Token de acceso",
    "Este servidor necesita su token AG-UI. Solo se guarda en esta pestaña del navegador.",
    "Continuar", "Usted", "Agente", "Razonamiento", "Resultado", "Entrada", "Artefactos",
    "Descargar", "Diagrama de arquitectura", "Plantilla", "Se necesita permiso", "Propósito",
    "Qué hace", "Despliegue", "Efecto", "Destino", "Permitir una vez", "Denegar", "Responder",
    "El agente pregunta", "Cancelado", "Error", "Aún no hay conversaciones", "Listo",
    "Trabajando…", "Esperando su respuesta", "Responda antes de",
    "Describa la infraestructura que desea…",
    "Describa lo que quiere construir o pegue una plantilla ROS o Terraform para revisarla.",
    "Permitido una vez", "Denegado", "Respondido", "Aún no hay artefactos",
    "Ir al cuadro de mensaje",
    "Mostrar el razonamiento del modelo", "al mes",
    "Credenciales de Alibaba Cloud",
    "Se envían con cada turno para el trabajo con ROS; ni la página ni el servidor las guardan.",
    "Token STS (opcional)", "Región", "El servidor no aceptó ese token.",
  ],
  fr: [
    "Console iaccode", "Conversations", "Nouvelle conversation", "Message", "Envoyer",
    "Annuler", "Espace de travail (cwd)", "Langue", "Jeton d’accès",
    "Ce serveur demande son jeton AG-UI. Il n’est conservé que dans cet onglet.", "Continuer",
    "Vous", "Agent", "Raisonnement", "Résultat", "Entrée", "Artefacts", "Télécharger",
    "Schéma d’architecture", "Modèle", "Autorisation requise", "Objet", "Ce que cela fait",
    "Déploiement", "Effet", "Cible", "Autoriser une fois", "Refuser", "Répondre",
    "L’agent demande", "Annulé", "Erreur", "Aucune conversation", "Prêt", "En cours…",
    "En attente de votre réponse", "Répondre avant", "Décrivez l’infrastructure voulue…",
    "Décrivez ce que vous voulez construire, ou collez un modèle ROS ou Terraform à relire.",
    "Autorisé une fois", "Refusé", "Répondu", "Aucun artefact", "Aller à la zone de message",
    "Afficher le raisonnement du modèle", "par mois",
    "Identifiants Alibaba Cloud",
    "Envoyés à chaque tour pour ROS, jamais conservés par la page ni par le serveur.",
    "Jeton STS (facultatif)", "Région", "Le serveur n’a pas accepté ce jeton.",
  ],
  de: [
    "iaccode-Konsole", "Unterhaltungen", "Neue Unterhaltung", "Nachricht", "Senden",
    "Abbrechen", "Arbeitsbereich (cwd)", "Sprache", "Zugriffstoken",
    "Dieser Server verlangt sein AG-UI-Token. Es bleibt nur in diesem Browser-Tab.", "Weiter",
    "Sie", "Agent", "Überlegungen", "Ergebnis", "Eingabe", "Artefakte", "Herunterladen",
    "Architekturdiagramm", "Vorlage", "Erlaubnis nötig", "Zweck", "Was es tut", "Bereitstellung",
    "Wirkung", "Ziel", "Einmal erlauben", "Ablehnen", "Antworten", "Der Agent fragt",
    "Abgebrochen", "Fehler", "Noch keine Unterhaltungen", "Bereit", "Arbeitet…",
    "Wartet auf Ihre Antwort", "Antworten bis", "Beschreiben Sie die gewünschte Infrastruktur…",
    "Beschreiben Sie, was Sie bauen möchten, oder fügen Sie eine ROS- oder Terraform-Vorlage zur Prüfung ein.",
    "Einmal erlaubt", "Abgelehnt", "Beantwortet", "Noch keine Artefakte", "Zum Nachrichtenfeld",
    "Überlegungen des Modells zeigen", "pro Monat",
    "Alibaba-Cloud-Zugangsdaten",
    "Werden mit jeder Runde für ROS gesendet und weder von der Seite noch vom Server gespeichert.",
    "STS-Token (optional)", "Region", "Der Server hat dieses Token nicht angenommen.",
  ],
  ja: [
    "iaccode コンソール", "会話", "新しい会話", "メッセージ", "送信", "キャンセル",
    "ワークスペース (cwd)", "言語", "アクセストークン",
    "このサーバーには AG-UI トークンが必要です。このタブにのみ保存されます。", "続行", "あなた",
    "エージェント", "推論", "結果", "入力", "成果物", "ダウンロード", "アーキテクチャ図",
    "テンプレート", "許可が必要です", "目的", "実行内容", "デプロイ", "影響", "対象", "今回のみ許可",
    "拒否", "回答", "エージェントからの質問", "キャンセルしました", "エラー", "会話はまだありません",
    "準備完了", "処理中…", "回答を待っています", "回答期限", "必要なインフラを説明してください…",
    "作りたいものを説明するか、レビューする ROS または Terraform テンプレートを貼り付けてください。",
    "今回のみ許可しました", "拒否しました", "回答しました", "成果物はまだありません",
    "メッセージ欄へ移動",
    "モデルの推論を表示", "/ 月",
    "Alibaba Cloud の認証情報", "ROS の操作のためにターンごとに送信され、ページにもサーバーにも保存されません。",
    "STS トークン（任意）", "リージョン", "サーバーはそのトークンを受け付けませんでした。",
  ],
  pt: [
    "Console do iaccode", "Conversas", "Nova conversa", "Mensagem", "Enviar", "Cancelar",
    "Espaço de trabalho (cwd)", "Idioma", "Token de acesso",
    "Este servidor precisa do token AG-UI. Ele fica guardado apenas nesta aba do navegador.",
    "Continuar", "Você", "Agente", "Raciocínio", "Resultado", "Entrada", "Artefatos", "Baixar",
    "Diagrama de arquitetura", "Modelo", "Permissão necessária", "Finalidade", "O que faz",
    "Implantação", "Efeito", "Alvo", "Permitir uma vez", "Negar", "Responder",
    "O agente pergunta", "Cancelado", "Erro", "Ainda não há conversas", "Pronto",
    "Trabalhando…", "Aguardando sua resposta", "Responda até",
    "Descreva a infraestrutura que você quer…",
    "Descreva o que quer construir ou cole um modelo ROS ou Terraform para revisão.",
    "Permitido uma vez", "Negado", "Respondido", "Ainda não há artefatos",
    "Ir para a caixa de mensagem",
    "Mostrar o raciocínio do modelo", "por mês",
    "Credenciais da Alibaba Cloud",
    "Enviadas a cada turno para o ROS; nem a página nem o servidor as guardam.",
    "Token STS (opcional)", "Região", "O servidor não aceitou esse token.",
  ],
};

for (const [code, list] of Object.entries(TEXTS)) {
  if (list.length !== KEYS.length) throw new Error(`i18n: ${code} has ${list.length} texts`);
}

let current = "en";

export function pickLanguage(stored) {
  if (stored && stored in TEXTS) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.toLowerCase().split("-")[0];
    if (code in TEXTS) return code;
  }
  return "en";
}

export function setLanguage(code) {
  current = code in TEXTS ? code : "en";
  document.documentElement.lang = current;
}

export function language() {
  return current;
}

export function t(key) {
  const index = KEYS.indexOf(key);
  if (index < 0) return key;
  return TEXTS[current][index];
}

// Every element with data-i18n gets its text; data-i18n-placeholder and data-i18n-label too.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) {
    node.placeholder = t(node.dataset.i18nPlaceholder);
  }
  for (const node of root.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  }
  document.title = t("title");
}
