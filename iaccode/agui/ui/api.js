// The AG-UI server the page came from: runs (SSE), cancel, threads and artifact content.
// The token, if the server needs one, lives in sessionStorage: this tab only.
import { readEvents } from "./sse.js";

const TOKEN_KEY = "iaccode.token";
export const base = new URL("../", document.baseURI); // the AG-UI endpoint: the page is at /ui/

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function token() {
  return sessionStorage.getItem(TOKEN_KEY) || "";
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

function headers(extra = {}) {
  const out = { ...extra };
  if (token()) out.Authorization = `Bearer ${token()}`;
  return out;
}

async function failure(response) {
  let code = "HTTP_" + response.status;
  let message = response.statusText || code;
  try {
    const body = await response.json();
    if (body && body.error) {
      code = body.error.code || code;
      message = body.error.message || message;
    }
  } catch {
    // not JSON: the status says enough
  }
  return new ApiError(response.status, code, message);
}

async function getJson(path, language) {
  const response = await fetch(new URL(path, base), {
    headers: headers({ Accept: "application/json", "Accept-Language": language }),
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

export function listThreads(language) {
  return getJson("extensions/iac-code/v1/threads", language);
}

export function loadThread(threadId, language) {
  return getJson(`extensions/iac-code/v1/threads/${encodeURIComponent(threadId)}`, language);
}

// Runs one RunAgentInput; calls onEvent for each decoded event until the stream ends.
export async function run(input, { signal, onEvent, language }) {
  const response = await fetch(base, {
    method: "POST",
    headers: headers({
      "Content-Type": "application/json",
      Accept: "text/event-stream",
      "Accept-Language": language,
    }),
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok) throw await failure(response);
  for await (const data of readEvents(response.body, signal)) {
    let event;
    try {
      event = JSON.parse(data);
    } catch {
      continue; // a frame that is not JSON is no event
    }
    onEvent(event);
  }
}

export async function cancel(executionId, threadId, rosInvocationId, language) {
  const path = `extensions/iac-code/v1/executions/${encodeURIComponent(executionId)}/cancel`;
  const response = await fetch(new URL(path, base), {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", "Accept-Language": language }),
    body: JSON.stringify({ threadId, rosInvocationId }),
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

// An artifact's content as a Blob (the URL is relative to the AG-UI endpoint).
export async function artifact(contentUrl) {
  const response = await fetch(new URL(contentUrl, base), { headers: headers() });
  if (!response.ok) throw await failure(response);
  return response.blob();
}

// Whether the server wants a token: /health is open, a thread listing is not.
export async function needsToken() {
  const response = await fetch(new URL("extensions/iac-code/v1/threads", base), {
    headers: headers(),
  });
  return response.status === 401;
}
