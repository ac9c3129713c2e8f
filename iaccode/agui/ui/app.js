// The console: a thread list, a transcript fed by AG-UI events, a composer, artifacts.
import * as api from "./api.js";
import { LANGUAGES, language, pickLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { Transcript } from "./transcript.js";

const $ = (id) => document.getElementById(id);
const LANGUAGE_KEY = "iaccode.language";
const CWD_KEY = "iaccode.cwd";
const TITLES_KEY = "iaccode.titles"; // threadId -> its first message, for the list (this browser)

function titles() {
  try {
    return JSON.parse(localStorage.getItem(TITLES_KEY) || "{}");
  } catch {
    return {};
  }
}

function rememberTitle(threadId, text) {
  const all = titles();
  if (all[threadId]) return;
  all[threadId] = text.replace(/\s+/g, " ").slice(0, 80);
  const keep = Object.entries(all).slice(-200);
  localStorage.setItem(TITLES_KEY, JSON.stringify(Object.fromEntries(keep)));
}

const state = {
  threadId: null,
  rosInvocationId: null,
  executionId: null,
  controller: null, // the running turn's AbortController
  interrupts: [],
};
let transcript;

// A random id; crypto.randomUUID exists only in secure contexts (https, localhost), and the
// console may be opened over plain http on another address.
function newId(prefix) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function setStatus(key) {
  const node = $("status");
  node.dataset.state = key;
  node.dataset.i18n = key;
  node.textContent = t(key);
  const busy = key === "running";
  $("send").disabled = busy;
  $("cancel").disabled = !busy;
  document.body.classList.toggle("busy", busy);
}

function forwarded() {
  return {
    iacCode: {
      schemaVersion: 1,
      rosInvocationId: state.rosInvocationId,
      cwd: $("cwd").value.trim(),
      preferredLanguage: language(),
      ...($("thinking").checked ? { thinking: { enabled: true } } : {}),
      ...cloudKeys(),
    },
  };
}

// The Alibaba Cloud keys typed into the page: sent with each run, never stored (the fields are
// the only place they live; the server keeps them for that turn only).
function cloudKeys() {
  const id = $("ak-id").value.trim();
  const secret = $("ak-secret").value.trim();
  if (!id || !secret) return {};
  const keys = { accessKeyId: id, accessKeySecret: secret };
  if ($("ak-token").value.trim()) keys.securityToken = $("ak-token").value.trim();
  if ($("ak-region").value.trim()) keys.regionId = $("ak-region").value.trim();
  return { alibabaCloud: keys };
}

function envelope(extra) {
  return {
    threadId: state.threadId,
    runId: newId("run"),
    state: {},
    messages: [],
    tools: [],
    context: [],
    forwardedProps: forwarded(),
    ...extra,
  };
}

// One run: POST, stream the events into the transcript, until RUN_FINISHED or RUN_ERROR.
async function runTurn(input) {
  const controller = new AbortController();
  state.controller = controller;
  state.interrupts = [];
  setStatus("running");
  let ended = "idle";
  try {
    await api.run(input, {
      signal: controller.signal,
      language: language(),
      onEvent: (event) => {
        if (event.type === "CUSTOM" && event.name === "iac-code.session.v1") {
          state.executionId = event.value.executionId;
        }
        if (event.type === "RUN_FINISHED" && event.outcome && event.outcome.type === "interrupt") {
          state.interrupts = event.outcome.interrupts || [];
          ended = "waiting";
        }
        transcript.handle(event);
      },
    });
  } catch (error) {
    if (controller.signal.aborted) {
      transcript.notice(t("cancelled"), "cancelled");
    } else if (error instanceof api.ApiError && error.status === 401) {
      api.setToken("");
      transcript.error(error.code, error.message);
      await askToken();
    } else {
      transcript.error(error.code || "NETWORK", error.message);
    }
  } finally {
    state.controller = null;
    transcript.settle();
    if (input.resume && ended !== "waiting") ended = await stillPending();
    setStatus(ended);
    refreshThreads();
  }
}

// After a resume that did not get through (a refused answer stays answerable, seed): ask the
// server what the thread still waits for, and ask again.
async function stillPending() {
  try {
    const thread = await api.loadThread(state.threadId, language());
    state.interrupts = thread.interrupts || [];
  } catch {
    state.interrupts = [];
  }
  if (!state.interrupts.length) return "idle";
  transcript.interrupts(state.interrupts);
  return "waiting";
}

async function send(text) {
  if (!state.threadId) startThread();
  state.rosInvocationId = newId("inv");
  localStorage.setItem(CWD_KEY, $("cwd").value.trim());
  rememberTitle(state.threadId, text);
  transcript.user(text);
  await runTurn(envelope({ messages: [{ id: newId("msg"), role: "user", content: text }] }));
}

// The answers to the pending interrupts (one each, as the seed requires).
async function answer(entries) {
  await runTurn(envelope({ resume: entries }));
}

async function cancelTurn() {
  const { controller, executionId } = state;
  if (executionId && state.rosInvocationId) {
    try {
      await api.cancel(executionId, state.threadId, state.rosInvocationId, language());
    } catch {
      // the run may have ended on its own; aborting the stream below cancels it anyway
    }
  }
  if (controller) controller.abort();
}

function startThread() {
  state.threadId = newId("thread");
  state.rosInvocationId = null;
  state.executionId = null;
  state.interrupts = []; // the questions of the thread left behind are not this one's
  transcript.clear();
  markCurrent();
}

async function refreshThreads() {
  let listing;
  try {
    listing = await api.listThreads(language());
  } catch {
    return; // the list is a convenience; the transcript says what failed
  }
  const list = $("thread-list");
  const named = titles();
  list.replaceChildren();
  for (const thread of listing.threads) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "thread";
    button.dataset.threadId = thread.threadId;
    button.textContent = named[thread.threadId] || thread.threadId;
    button.title = thread.threadId;
    if (thread.status === "interrupted") {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = t("waiting");
      button.append(" ", badge);
    }
    button.addEventListener("click", () => openThread(thread.threadId));
    item.append(button);
    list.append(item);
  }
  $("no-threads").hidden = listing.threads.length > 0;
  const options = $("workspaces");
  options.replaceChildren(...(listing.workspaces || []).map((root) => new Option(root)));
  if (!$("cwd").value && listing.workspaces && listing.workspaces.length) {
    $("cwd").value = listing.workspaces[0];
  }
  markCurrent();
}

function markCurrent() {
  for (const button of document.querySelectorAll("#thread-list .thread")) {
    if (button.dataset.threadId === state.threadId) button.setAttribute("aria-current", "true");
    else button.removeAttribute("aria-current");
  }
}

async function openThread(threadId) {
  if (state.controller) return;
  let thread;
  try {
    thread = await api.loadThread(threadId, language());
  } catch (error) {
    transcript.error(error.code || "NETWORK", error.message);
    return;
  }
  state.threadId = thread.threadId;
  state.rosInvocationId = thread.rosInvocationId || null;
  state.interrupts = thread.interrupts || [];
  $("cwd").value = thread.cwd;
  if (thread.turns.length && thread.turns[0].user) rememberTitle(thread.threadId, thread.turns[0].user);
  transcript.clear();
  for (const turn of thread.turns) transcript.replay(turn);
  if (state.interrupts.length) transcript.interrupts(state.interrupts);
  setStatus(state.interrupts.length ? "waiting" : "idle");
  markCurrent();
}

// Ask for the token until the server takes it (a wrong one is said so in the dialog). One
// asking at a time: a run refused while the page still asks waits for the same answer.
let asking = null;

function askToken() {
  asking ||= askUntilTaken().finally(() => {
    asking = null;
  });
  return asking;
}

async function askUntilTaken() {
  $("token-error").hidden = true;
  for (;;) {
    const given = await tokenDialog();
    if (given && !(await api.needsToken())) return;
    if (given) {
      $("token-error").textContent = t("tokenWrong");
      $("token-error").hidden = false;
    }
  }
}

// The dialog once: the token typed in, or "" when it was closed without one (Escape), after
// which it is shown again: the page can do nothing without it.
function tokenDialog() {
  const dialog = $("token-dialog");
  const form = $("token-form");
  return new Promise((resolve) => {
    let given = "";
    const submit = (event) => {
      event.preventDefault();
      given = $("token").value.trim();
      dialog.close();
    };
    const closed = () => {
      form.removeEventListener("submit", submit);
      dialog.removeEventListener("close", closed);
      $("token").value = "";
      if (given) api.setToken(given);
      resolve(given);
    };
    form.addEventListener("submit", submit);
    dialog.addEventListener("close", closed);
    dialog.showModal();
  });
}

function fillLanguages() {
  const select = $("language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code);
    option.lang = code;
    select.append(option);
  }
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    localStorage.setItem(LANGUAGE_KEY, select.value);
    translatePage();
    setStatus($("status").dataset.state);
  });
}

async function main() {
  setLanguage(pickLanguage(localStorage.getItem(LANGUAGE_KEY)));
  fillLanguages();
  translatePage();
  transcript = new Transcript($("transcript"), $("artifact-list"), { onAnswer: answer });
  $("cwd").value = localStorage.getItem(CWD_KEY) || "";
  $("composer").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("composer-text").value.trim();
    if (!text || state.controller) return;
    if (state.interrupts.length) {
      transcript.error("RESUME_REQUIRED", t("waiting"));
      return;
    }
    $("composer-text").value = "";
    send(text);
  });
  $("composer-text").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) $("composer").requestSubmit();
  });
  $("cancel").addEventListener("click", cancelTurn);
  $("new-thread").addEventListener("click", () => {
    if (state.controller) return;
    startThread();
    setStatus("idle");
    $("composer-text").focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.controller) cancelTurn();
  });
  if (!api.token() && (await api.needsToken())) await askToken();
  setStatus("idle");
  await refreshThreads();
  document.body.dataset.ready = "true";
}

main();
