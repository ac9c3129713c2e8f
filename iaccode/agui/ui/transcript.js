// The transcript: AG-UI events become DOM. Text only ever goes in as text (textContent,
// text nodes), never as HTML; an SVG diagram is shown as an <img> from a data: URL, where
// it can run nothing, and which opened on its own ("Open image in new tab") is a document of
// an opaque origin (a blob: URL would be one of the console's, its scripts free to call the
// API).
import * as api from "./api.js";
import { highlighted, languageOf } from "./highlight.js";
import { t } from "./i18n.js";

const FENCE = /```([A-Za-z0-9_-]*)\n([\s\S]*?)```/g;
const TEMPLATE = /\.(ya?ml|json|tf|hcl)$/i;
const TEMPLATE_TYPES = /^application\/(json|yaml|x-yaml|hcl|x-hcl)|^text\/(yaml|x-yaml|x-hcl)/;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// Agent text with ``` fences shown as highlighted code.
function richText(text) {
  const box = el("div", "text");
  let at = 0;
  for (const match of text.matchAll(FENCE)) {
    if (match.index > at) box.append(el("p", "para", text.slice(at, match.index)));
    const hint = match[1].toLowerCase();
    const lang = ["yaml", "yml", "json", "hcl", "terraform", "tf"].includes(hint)
      ? { yml: "yaml", terraform: "hcl", tf: "hcl" }[hint] || hint
      : languageOf("", "", match[2]);
    box.append(highlighted(match[2], lang));
    at = match.index + match[0].length;
  }
  if (at < text.length) box.append(el("p", "para", text.slice(at)));
  return box;
}

// A tool result: JSON pretty-printed and highlighted, anything else as agent text.
function resultView(content) {
  try {
    const value = JSON.parse(content);
    if (value && typeof value === "object") {
      return highlighted(JSON.stringify(value, null, 2), "json");
    }
  } catch {
    // not JSON
  }
  return richText(content);
}

function size(bytes) {
  if (typeof bytes !== "number") return "";
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function factText(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

// A stack operation's deploymentSummary: what, where, which resources change, the cost.
function deploymentView(summary) {
  if (!summary || typeof summary !== "object") return factText(summary);
  const box = el("div", "deployment");
  const head = [summary.operation, summary.stackName, summary.regionId].filter(Boolean);
  box.append(el("p", "para", head.join(" · ")));
  const marks = { add: "+", modify: "~", remove: "−" };
  const list = el("ul", "changes");
  for (const [kind, mark] of Object.entries(marks)) {
    for (const item of (summary.resources || {})[kind] || []) {
      const line = el("li", `change-${kind}`, `${mark} ${item.logicalResourceId} (${item.resourceType})`);
      list.append(line);
    }
  }
  if (list.children.length) box.append(list);
  const counts = summary.counts || {};
  box.append(el("p", "muted", `+${counts.add || 0} ~${counts.modify || 0} −${counts.remove || 0}`));
  const cost = summary.estimatedMonthlyCost;
  if (cost && typeof cost.amount === "number") {
    box.append(el("p", "para", `≈ ${cost.amount} ${cost.currency || ""} ${t("perMonth")}`));
  }
  return box;
}

// A file write's preview (metadata.preview): its masked text, or a short description of it.
function previewText(preview) {
  if (!preview) return "";
  if (typeof preview === "string") return preview;
  for (const key of ["text", "content", "diff"]) {
    if (typeof preview[key] === "string") return preview[key];
  }
  return JSON.stringify(preview, null, 2);
}

function dataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export class Transcript {
  constructor(root, artifactList, { onAnswer }) {
    this.root = root;
    this.artifactList = artifactList;
    this.onAnswer = onAnswer;
    this.clear();
  }

  clear() {
    this.root.querySelectorAll(".turn, .notice, .interrupts").forEach((n) => n.remove());
    this.artifactList.replaceChildren();
    this.seenArtifacts = new Set();
    this.turn = null;
    this.texts = new Map();
    this.reasoning = new Map();
    this.tools = new Map();
    this.update();
  }

  update() {
    const empty = document.getElementById("empty");
    if (empty) empty.hidden = this.root.querySelector(".turn, .notice") !== null;
    const none = document.getElementById("no-artifacts");
    if (none) none.hidden = this.artifactList.children.length > 0;
  }

  ensureTurn() {
    if (!this.turn) {
      this.turn = el("article", "turn agent");
      this.turn.append(el("h3", "who", t("agent")));
      this.root.append(this.turn);
    }
    return this.turn;
  }

  user(text) {
    const turn = el("article", "turn user");
    turn.append(el("h3", "who", t("you")), richText(text));
    this.root.append(turn);
    this.turn = null;
    this.update();
    turn.scrollIntoView({ block: "end" });
  }

  notice(text, kind) {
    const node = el("p", `notice ${kind}`, text);
    this.root.append(node);
    this.update();
  }

  error(code, message) {
    const node = el("div", "notice error");
    node.setAttribute("role", "alert");
    node.append(el("strong", "", `${t("error")}: `), el("span", "", message));
    if (code) node.append(" ", el("code", "code", code));
    this.root.append(node);
    this.update();
  }

  settle() {
    for (const card of this.tools.values()) {
      if (card.dataset.state === "running") card.dataset.state = "stopped";
    }
    this.turn = null;
    this.update();
  }

  handle(event) {
    // Follow the stream while the reader is at the end of the page; leave them where they are
    // when they scrolled up to read.
    const following = window.innerHeight + window.scrollY >= document.body.scrollHeight - 80;
    this.dispatch(event);
    if (following) window.scrollTo(0, document.body.scrollHeight);
  }

  dispatch(event) {
    switch (event.type) {
      case "TEXT_MESSAGE_START": {
        const body = el("div", "text streaming");
        body.dataset.messageId = event.messageId;
        this.ensureTurn().append(body);
        this.texts.set(event.messageId, { node: body, text: "" });
        break;
      }
      case "TEXT_MESSAGE_CONTENT": {
        const entry = this.texts.get(event.messageId);
        if (entry) {
          entry.text += event.delta;
          entry.node.append(event.delta); // a text node per delta: no re-render of the whole
        }
        break;
      }
      case "TEXT_MESSAGE_END": {
        const entry = this.texts.get(event.messageId);
        if (entry) entry.node.replaceWith(richText(entry.text));
        this.texts.delete(event.messageId);
        break;
      }
      case "REASONING_MESSAGE_START": {
        const box = el("details", "reasoning");
        box.append(el("summary", "", t("reasoning")), el("p", "para"));
        this.ensureTurn().append(box);
        this.reasoning.set(event.messageId, box.lastChild);
        break;
      }
      case "REASONING_MESSAGE_CONTENT": {
        const node = this.reasoning.get(event.messageId);
        if (node) node.textContent += event.delta;
        break;
      }
      case "TOOL_CALL_START":
        this.toolCard(event.toolCallId, event.toolCallName);
        break;
      case "TOOL_CALL_ARGS": {
        const card = this.toolCard(event.toolCallId);
        card.querySelector(".args").textContent += event.delta;
        card.querySelector(".args-box").hidden = false;
        break;
      }
      case "TOOL_CALL_RESULT": {
        const card = this.toolCard(event.toolCallId);
        const result = card.querySelector(".result");
        result.replaceChildren(resultView(String(event.content ?? "")));
        card.querySelector(".result-box").hidden = false;
        card.dataset.state = "done";
        break;
      }
      case "STEP_STARTED":
        this.ensureTurn().append(el("p", "step", `▸ ${event.stepName}`));
        break;
      case "CUSTOM":
        this.custom(event.name, event.value || {});
        break;
      case "RUN_FINISHED":
        if (event.outcome && event.outcome.type === "interrupt") {
          this.interrupts(event.outcome.interrupts || []);
        }
        break;
      case "RUN_ERROR":
        this.error(event.code, event.message);
        break;
      default:
        break; // other events (and unknown ones) change nothing on the page
    }
    this.update();
  }

  custom(name, value) {
    if (name === "iac-code.tool-progress.v1" && value.toolCallId) {
      const card = this.toolCard(value.toolCallId, value.toolName);
      const parts = [value.status, value.stackStatus, value.decision, value.message]
        .filter((p) => typeof p === "string" && p);
      card.querySelector(".progress").textContent = parts.join(" · ");
    } else if (name === "iac-code.artifact.v1") {
      this.artifact(value);
    } else if (name === "iac-code.pipeline.v1" && value.eventType === "diagram_shown") {
      this.ensureTurn().dataset.diagram = "shown";
    }
  }

  toolCard(id, name) {
    let card = this.tools.get(id);
    if (!card) {
      card = el("section", "tool");
      card.dataset.toolCallId = id;
      card.dataset.state = "running";
      const head = el("h4", "tool-name", name || id);
      const progress = el("p", "progress");
      progress.setAttribute("aria-live", "polite");
      const args = el("details", "args-box");
      args.hidden = true;
      args.append(el("summary", "", t("input")), el("pre", "args"));
      const result = el("details", "result-box");
      result.hidden = true;
      result.open = true;
      result.append(el("summary", "", t("result")), el("div", "result"));
      card.append(head, progress, args, result);
      this.ensureTurn().append(card);
      this.tools.set(id, card);
    } else if (name) {
      card.querySelector(".tool-name").textContent = name;
    }
    return card;
  }

  // One artifact: listed with a download button; a diagram is shown, a template highlighted.
  artifact(value) {
    const id = value.artifactId;
    if (!id || this.seenArtifacts.has(id)) return;
    this.seenArtifacts.add(id);
    const part = (value.parts || [])[0] || {};
    const name = value.name || part.filename || id;
    const media = part.mediaType || "";
    const item = el("li", "artifact");
    item.dataset.artifactId = id;
    item.append(el("span", "artifact-name", name), el("span", "muted", ` ${media} ${size(part.byteSize)}`));
    if (value.contentUrl) {
      const button = el("button", "download", t("download"));
      button.type = "button";
      button.setAttribute("aria-label", `${t("download")} ${name}`);
      button.addEventListener("click", () => this.download(value.contentUrl, name, item));
      item.append(" ", button);
    }
    this.artifactList.append(item);
    const turn = this.ensureTurn(); // content fetched later still lands in this turn
    if (media === "image/svg+xml" && value.contentUrl) {
      this.showDiagram(turn, value.contentUrl, name);
    } else if (!TEMPLATE.test(name) && !TEMPLATE_TYPES.test(media)) {
      // other artifacts (Mermaid text, archives) are in the list only
    } else if (part.kind === "text" && part.text) {
      this.showTemplate(turn, part.text, name, media);
    } else if (value.contentUrl) {
      const figure = this.showTemplate(turn, "", name, media);
      api.artifact(value.contentUrl)
        .then((blob) => blob.text())
        .then((text) => figure.lastChild.replaceWith(highlighted(text, languageOf(name, media, text))))
        .catch((error) => this.error(error.code, `${name}: ${error.message}`));
    }
  }

  // A template artifact, collapsed: the agent's text usually shows it already.
  showTemplate(turn, text, name, media) {
    const figure = el("details", "template");
    figure.dataset.name = name;
    figure.append(el("summary", "", `${t("template")}: ${name}`));
    figure.append(highlighted(text, languageOf(name, media, text)));
    turn.append(figure);
    return figure;
  }

  showDiagram(turn, url, name) {
    const figure = el("figure", "diagram");
    figure.append(el("figcaption", "", `${t("diagram")}: ${name}`));
    turn.append(figure);
    api.artifact(url)
      .then((blob) => dataUrl(blob.slice(0, blob.size, "image/svg+xml")))
      .then((src) => {
        const img = document.createElement("img");
        img.alt = `${t("diagram")} (${name})`;
        img.src = src;
        figure.append(img);
      })
      .catch((error) => this.error(error.code, `${name}: ${error.message}`));
  }

  async download(url, name, item) {
    try {
      const blob = await api.artifact(url);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = name;
      item.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    } catch (error) {
      this.error(error.code, `${name}: ${error.message}`);
    }
  }

  // Pending interrupts as questions: a permission with Allow once / Deny, a question with a
  // text field. The answers go back together, one per interrupt.
  interrupts(list) {
    if (!list.length) return;
    const box = el("section", "interrupts");
    const answers = new Map();
    const submit = () => {
      if (answers.size < list.length) return;
      box.querySelectorAll("button, textarea").forEach((n) => { n.disabled = true; });
      this.onAnswer(list.map((i) => answers.get(i.id)));
    };
    for (const interrupt of list) {
      box.append(this.interruptCard(interrupt, (entry, label) => {
        answers.set(interrupt.id, entry);
        const card = box.querySelector(`[data-interrupt-id="${CSS.escape(interrupt.id)}"]`);
        card.dataset.answered = "true";
        card.querySelector(".answered").textContent = label;
        submit();
      }));
    }
    this.root.append(box);
    const first = box.querySelector("button.primary, textarea");
    if (first) first.focus();
    this.update();
  }

  interruptCard(interrupt, answer) {
    const meta = interrupt.metadata || {};
    const permission = interrupt.reason === "tool_call";
    const card = el("section", `interrupt ${permission ? "permission" : "question"}`);
    card.dataset.interruptId = interrupt.id;
    const titleId = `interrupt-${interrupt.id}`;
    card.setAttribute("role", "group");
    card.setAttribute("aria-labelledby", titleId);
    const title = el("h3", "", meta.title || (permission ? t("permission") : t("question")));
    title.id = titleId;
    card.append(title, el("p", "message", interrupt.message));
    const facts = el("dl", "facts");
    for (const key of ["purpose", "safeSummary", "deploymentSummary", "effect", "target"]) {
      const value = meta[key];
      if (value === undefined || value === null || value === "" || key === "purpose" && value === "question") continue;
      const shown = key === "deploymentSummary" ? deploymentView(value) : factText(value);
      const dd = el("dd", "");
      dd.append(shown);
      facts.append(el("dt", "", t(key)), dd);
    }
    if (facts.children.length) card.append(facts);
    const preview = previewText(meta.preview);
    if (preview) card.append(highlighted(preview, languageOf(meta.target || "", "", preview)));
    if (interrupt.expiresAt) {
      card.append(el("p", "muted", `${t("expires")} ${new Date(interrupt.expiresAt).toLocaleString()}`));
    }
    const actions = el("div", "actions");
    if (permission) {
      const allow = el("button", "primary allow", t("allowOnce"));
      const deny = el("button", "deny", t("deny"));
      allow.type = deny.type = "button";
      allow.addEventListener("click", () => answer(
        { interruptId: interrupt.id, status: "resolved", payload: { decision: "allow_once" } },
        t("allowed"),
      ));
      deny.addEventListener("click", () => answer(
        { interruptId: interrupt.id, status: "resolved", payload: { decision: "deny" } },
        t("denied"),
      ));
      actions.append(allow, deny);
    } else {
      const field = el("textarea", "reply");
      field.rows = 2;
      field.setAttribute("aria-labelledby", titleId);
      const send = el("button", "primary", t("answer"));
      const skip = el("button", "", t("cancel"));
      send.type = skip.type = "button";
      send.addEventListener("click", () => {
        if (field.value.trim()) {
          answer({ interruptId: interrupt.id, status: "resolved", payload: { answer: field.value.trim() } }, t("answered"));
        }
      });
      skip.addEventListener("click", () => answer({ interruptId: interrupt.id, status: "cancelled" }, t("cancelled")));
      actions.append(field, send, skip);
    }
    card.append(actions, el("p", "answered"));
    return card;
  }

  // A turn loaded from the server (thread history): what was asked, said and produced.
  replay(turn) {
    if (turn.user) this.user(turn.user);
    if (turn.agent) this.ensureTurn().append(richText(turn.agent));
    for (const artifact of turn.artifacts || []) {
      this.artifact({
        artifactId: artifact.artifactId,
        name: artifact.name,
        contentUrl: artifact.url ? artifact.url.replace(/^\//, "") : null, // null: not served here
        parts: [{ mediaType: artifact.mediaType, kind: "file" }],
      });
    }
    this.turn = null;
    this.update(); // the artifact list and the empty notes, as after a live event
  }
}
