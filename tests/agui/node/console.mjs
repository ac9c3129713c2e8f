// Drives the web console (iaccode agui --ui) in Debian's headless Chromium with playwright-core
// (no browser download: executablePath). Called by tests/agui/test_console_browser.py with one
// JSON argument {url, token, cwd, shots, scenario, chromium}; prints one JSON report on stdout.
import { readFile } from "node:fs/promises";
import { chromium } from "playwright-core";

const cfg = JSON.parse(process.argv[2]);
const report = { steps: [], errors: [] };
const STEP_MS = 30000;
let tokenGiven = false;

const browser = await chromium.launch({
  executablePath: cfg.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic"],
});

async function structure(page) {
  return page.evaluate(() => {
    const visible = (selector) => {
      const node = document.querySelector(selector);
      if (!node) return false;
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const unlabelled = [...document.querySelectorAll("input, textarea, select")]
      .filter((n) => n.type !== "hidden" && n.closest("dialog:not([open])") === null)
      .filter((n) => !n.labels.length && !n.getAttribute("aria-label") && !n.getAttribute("aria-labelledby"))
      .map((n) => n.id || n.className);
    const nameless = [...document.querySelectorAll("button")]
      .filter((n) => !(n.textContent.trim() || n.getAttribute("aria-label")))
      .map((n) => n.outerHTML.slice(0, 80));
    // Text contrast (WCAG 2: at least 4.5:1), against the nearest opaque background; disabled
    // controls are exempt, as WCAG allows.
    const rgb = (value) => (value.match(/[\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const background = (node) => {
      for (let n = node; n; n = n.parentElement) {
        const color = rgb(getComputedStyle(n).backgroundColor);
        if (color.length === 3 || (color.length === 4 && color[3] === 1)) return color.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const lowContrast = [];
    for (const node of document.querySelectorAll("body *")) {
      const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      const box = node.getBoundingClientRect();
      if (!own || !box.width || node.closest(":disabled, [hidden], dialog:not([open])")) continue;
      const [a, b] = [luminance(rgb(getComputedStyle(node).color)), luminance(background(node))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) lowContrast.push(`${node.tagName}.${node.className} ${ratio.toFixed(2)}`);
    }
    return {
      lowContrast,
      heading: visible("h1"),
      composer: visible("#composer-text"),
      send: visible("#send"),
      cancel: visible("#cancel"),
      threads: visible("#thread-list") || visible("#no-threads"),
      artifacts: visible(".artifacts"),
      overflow: document.documentElement.scrollWidth > window.innerWidth + 1,
      live: document.getElementById("transcript").getAttribute("aria-live"),
      unlabelled,
      nameless,
    };
  });
}

async function shoot(page, name) {
  const path = `${cfg.shots}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  report.steps.push({ shot: path, structure: await structure(page) });
}

const text = (page) => page.locator("#transcript").innerText();
// What the agent said (the user's own words are on the page too).
const said = async (page) => (await page.locator(".turn.agent").allInnerTexts()).join("\n");
const AGENT_SAID = `window.agentSaid = (words) =>
  [...document.querySelectorAll(".turn.agent")].some((n) => n.innerText.includes(words));`;
const idle = (page) =>
  page.waitForSelector('#status[data-state="idle"], #status[data-state="waiting"]', {
    timeout: STEP_MS,
  });

async function send(page, message, { keyboard = false } = {}) {
  await page.fill("#composer-text", message);
  if (keyboard) {
    await page.focus("#composer-text");
    await page.keyboard.press("Control+Enter");
  } else {
    await page.click("#send");
  }
}

const runsSoFar = () => report.runs || [];
let current = null; // the page in use, for the report when a step fails

async function open(context) {
  const page = await context.newPage();
  current = page;
  page.on("pageerror", (error) => report.errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // The page's probe for whether a token is needed is a 401 by design, before one is given.
    const probe = !tokenGiven && message.text().includes("status of 401");
    if (message.type() === "error" && !probe) report.errors.push(`console: ${message.text()}`);
  });
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === cfg.url + "/") {
      const body = JSON.parse(request.postData() || "{}");
      (report.runs ||= []).push({
        resume: body.resume || null,
        threadId: body.threadId,
        iacCode: body.forwardedProps && body.forwardedProps.iacCode,
        auth: request.headers().authorization || null,
      });
    }
  });
  await page.addInitScript(AGENT_SAID);
  await page.goto(cfg.url + "/ui/");
  return page;
}

async function ready(page) {
  await page.waitForSelector("body[data-ready=true]", { timeout: STEP_MS });
  await page.fill("#cwd", cfg.cwd);
}

// The scripted engine, with a token: ask for it, stream, permission, cancel, reload, language.
async function scripted() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await open(context);
  await page.waitForSelector("#token-dialog[open]", { timeout: STEP_MS });
  report.askedForToken = true;
  // Escape does not leave the page without a token and without a way to give one.
  await page.keyboard.press("Escape");
  await page.waitForTimeout(300);
  report.afterEscape = await page.locator("#token-dialog[open]").count();
  await page.fill("#token", "not-the-token");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#token-dialog[open] #token-error:not([hidden])", { timeout: STEP_MS });
  report.wrongToken = await page.locator("#token-error").innerText();
  tokenGiven = true;
  await page.fill("#token", cfg.token);
  await page.keyboard.press("Enter");
  await ready(page);

  // Streaming: the first words are on the page while the turn still runs.
  await send(page, "say first words\nsleep 1.5\nsay and the rest");
  await page.waitForFunction(
    () => agentSaid("first words") &&
      document.getElementById("status").dataset.state === "running",
    null,
    { timeout: STEP_MS },
  );
  report.midStream = await said(page);
  report.streamedWhileRunning = !report.midStream.includes("and the rest");
  await idle(page);
  report.afterStream = await said(page);

  // Reasoning, when asked for: collapsed under its summary.
  await page.check("#thinking");
  await send(page, "think pondering deeply\nsay thought done");
  await page.waitForFunction(() => agentSaid("thought done"), null, { timeout: STEP_MS });
  await idle(page);
  const reasoning = page.locator(".turn.agent details.reasoning");
  report.reasoning = {
    count: await reasoning.count(),
    open: await reasoning.first().evaluate((n) => n.open),
    summary: await reasoning.first().locator("summary").innerText(),
    text: await reasoning.first().evaluate((n) => n.textContent),
  };
  await page.uncheck("#thinking");

  // A permission, answered by clicking Allow once.
  await send(page, "permission write_file main.yaml\nsay after the answer", { keyboard: true });
  const card = page.locator(".interrupt.permission");
  await card.waitFor({ timeout: STEP_MS });
  report.interrupt = {
    title: await card.locator("h3").innerText(),
    text: await card.innerText(),
    buttons: await card.locator("button").allInnerTexts(),
    focused: await page.evaluate(() => document.activeElement.textContent),
    status: await page.locator("#status").getAttribute("data-state"),
  };
  await shoot(page, "permission");
  // The question outlives the page: reload, pick the waiting thread, answer it from there.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]", { timeout: STEP_MS });
  const waiting = page.locator("#thread-list .thread", { has: page.locator(".badge") });
  report.waitingBadge = await waiting.count();
  await waiting.first().click();
  await card.waitFor({ timeout: STEP_MS });
  report.reloadedInterrupt = await card.locator("h3").innerText();
  await card.locator("button.allow").click();
  await page.waitForFunction(
    () => agentSaid("after the answer"),
    null,
    { timeout: STEP_MS },
  );
  await idle(page);
  report.afterPermission = await said(page);
  report.answered = await card.locator(".answered").innerText();

  // A question, answered in its text field.
  await send(page, "ask Which region should it go to?");
  const question = page.locator(".interrupt.question");
  await question.waitFor({ timeout: STEP_MS });
  report.question = {
    text: await question.innerText(),
    focused: await page.evaluate(() => document.activeElement.className),
  };
  await page.keyboard.type("cn-shanghai please");
  await question.locator("button.primary").click();
  await page.waitForFunction(() => agentSaid("cn-shanghai please"), null, { timeout: STEP_MS });
  await idle(page);
  report.questionAnswer = runsSoFar().at(-1);

  // Cancel: a turn that waits until it is cancelled.
  await send(page, "say waiting now\nwait");
  await page.waitForFunction(
    () => agentSaid("waiting now"),
    null,
    { timeout: STEP_MS },
  );
  await page.click("#cancel");
  await idle(page);
  report.afterCancel = {
    notices: await page.locator(".notice").allInnerTexts(),
    cancelDisabled: await page.locator("#cancel").isDisabled(),
  };

  // Reload: the token stays in this tab, the thread is listed and loads from the server.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]", { timeout: STEP_MS });
  report.askedAgain = await page.locator("#token-dialog[open]").count();
  report.threads = await page.locator("#thread-list .thread").allInnerTexts();
  await page.locator("#thread-list .thread").first().click();
  await page.waitForFunction(
    () => agentSaid("first words"),
    null,
    { timeout: STEP_MS },
  );
  report.reloaded = await said(page);

  // A new conversation while this one waits for an answer: it starts clean and runs.
  await send(page, "permission write_file other.yaml");
  await page.locator(".interrupt.permission").waitFor({ timeout: STEP_MS });
  await idle(page);
  await page.click("#new-thread");
  await send(page, "say a fresh start");
  await page.waitForFunction(() => agentSaid("a fresh start"), null, { timeout: STEP_MS });
  await idle(page);
  report.freshStart = {
    said: await said(page),
    interrupts: await page.locator(".interrupt").count(),
    threads: new Set(runsSoFar().slice(-2).map((r) => r.threadId)).size,
  };

  // Another language: the page's texts and preferredLanguage.
  await page.selectOption("#language", "de");
  report.german = { send: await page.locator("#send").innerText(), lang: await page.getAttribute("html", "lang") };
  await page.click("#new-thread");
  await page.fill("#cwd", cfg.cwd);
  await send(page, "say hallo");
  await idle(page);
  await shoot(page, "wide");

  // Highlighting is linear: a long token (a blob in UserData) or an unclosed comment does not
  // freeze the tab.
  report.highlightMs = await page.evaluate(async () => {
    const { highlighted } = await import(new URL("highlight.js", location.href));
    const started = performance.now();
    highlighted(`UserData: ${"A".repeat(60000)}\nName: x\n`, "yaml");
    highlighted(`${"b".repeat(60000)} = 1\n${"/* ".repeat(20000)}`, "hcl");
    return performance.now() - started;
  });

  await page.setViewportSize({ width: 380, height: 800 });
  await shoot(page, "narrow");
  await context.close();
}

// The llm engine on the fake model: a write needs permission, then a diagram is drawn.
async function llm() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await open(context);
  await ready(page);
  report.askedForToken = await page.locator("#token-dialog[open]").count() > 0;
  await send(page, "Write a VPC template and draw it");
  const card = page.locator(".interrupt.permission");
  await card.waitFor({ timeout: STEP_MS });
  report.interrupt = { title: await card.locator("h3").innerText(), text: await card.innerText() };
  await card.locator("button.allow").click();
  const diagram = page.locator(".diagram img");
  await diagram.waitFor({ timeout: STEP_MS });
  await page.waitForFunction(
    () => {
      const img = document.querySelector(".diagram img");
      return img && img.complete && img.naturalWidth > 0;
    },
    null,
    { timeout: STEP_MS },
  );
  await idle(page);
  const src = await diagram.getAttribute("src");
  // The image's address opened on its own ("Open image in new tab"): an SVG document there
  // must not be of the console's origin, where a script in it could use the API.
  const alone = await context.newPage();
  await alone.goto(src);
  report.diagram = {
    width: await diagram.evaluate((img) => img.naturalWidth),
    alt: await diagram.getAttribute("alt"),
    src: src.split(":")[0],
    aloneOrigin: await alone.evaluate(() => window.origin),
  };
  await alone.close();
  report.tools = await page.locator(".tool .tool-name").allInnerTexts();
  report.toolStates = await page.locator(".tool").evaluateAll((n) => n.map((c) => c.dataset.state));
  report.artifacts = await page.locator("#artifact-list .artifact-name").allInnerTexts();
  report.text = await text(page);
  const item = page.locator("#artifact-list .artifact", { hasText: "t.yaml" });
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: STEP_MS }),
    item.locator("button.download").click(),
  ]);
  report.download = {
    name: download.suggestedFilename(),
    content: await readFile(await download.path(), "utf8"),
  };
  await shoot(page, "diagram");

  // Reloaded and reopened: the turn's artifacts are listed again, and the list says so.
  await page.reload();
  await page.waitForSelector("body[data-ready=true]", { timeout: STEP_MS });
  await page.locator("#thread-list .thread").first().click();
  await page.locator(".diagram img").waitFor({ timeout: STEP_MS });
  report.reopened = {
    artifacts: await page.locator("#artifact-list .artifact-name").allInnerTexts(),
    noneShown: await page.locator("#no-artifacts").isVisible(),
  };
  await context.close();
}

// The offline engine on the fake ROS: the keys typed in, a deploy denied, then allowed.
async function ros() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await open(context);
  await ready(page);
  await page.click("details.cloud summary");
  await page.fill("#ak-id", cfg.keys.accessKeyId);
  await page.fill("#ak-secret", cfg.keys.accessKeySecret);
  await page.fill("#ak-token", cfg.keys.securityToken);
  await send(page, cfg.deploy);
  const first = page.locator(".interrupt.permission").last();
  await first.waitFor({ timeout: STEP_MS });
  report.deployment = {
    text: await first.locator(".deployment").innerText(),
    highlighted: await page.locator(".turn.user pre .tok-key").count(),
    changes: await first.locator(".changes li").allInnerTexts(),
    buttons: await first.locator("button").allInnerTexts(),
  };
  await shoot(page, "deploy");
  await first.locator("button.deny").click();
  await idle(page);
  report.afterDeny = await said(page);
  await send(page, cfg.deploy);
  await page.waitForFunction(
    () => document.querySelectorAll(".interrupt.permission:not([data-answered])").length === 1,
    null,
    { timeout: STEP_MS },
  );
  await page.locator(".interrupt.permission:not([data-answered]) button.allow").click();
  await page.waitForFunction(() => agentSaid("CREATE_COMPLETE"), null, { timeout: STEP_MS });
  await idle(page);
  report.progress = await page.locator(".tool .progress").allInnerTexts();
  report.stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  await context.close();
}

try {
  const scenarios = { llm, ros, scripted };
  await scenarios[cfg.scenario]();
} catch (error) {
  report.failed = String((error && error.stack) || error);
  if (current) report.failed += `\n--- the page said:\n${await text(current).catch(() => "")}`;
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report));
