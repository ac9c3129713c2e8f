// Drives `iaccode agui` with the official client, as a web UI would: one run, then a resume for
// every interrupt with the next scripted decision. Prints what the client saw as JSON.
//
//   node run_agent.mjs <url> '<scenario json>'
//   scenario: {threadId, cwd, prompt, rosInvocationId, token?, decisions: ["allow_once", ...]}
import { HttpAgent } from "@ag-ui/client";

const [url, scenarioText] = process.argv.slice(2);
const scenario = JSON.parse(scenarioText);
const headers = scenario.token ? { Authorization: `Bearer ${scenario.token}` } : {};
const agent = new HttpAgent({
  url,
  headers,
  threadId: scenario.threadId,
  initialMessages: [{ id: "user-1", role: "user", content: scenario.prompt }],
});
const forwardedProps = {
  iacCode: { schemaVersion: 1, rosInvocationId: scenario.rosInvocationId, cwd: scenario.cwd },
};
const runs = [];

async function run(params) {
  const seen = { events: [], outcome: null, interrupts: [], error: null, failed: null };
  await agent
    .runAgent(
      { forwardedProps, ...params },
      {
        onEvent: ({ event }) => {
          seen.events.push(event.type);
        },
        onRunFinishedEvent: ({ outcome, interrupts }) => {
          seen.outcome = outcome;
          seen.interrupts = interrupts ?? [];
        },
        onRunErrorEvent: ({ event }) => {
          seen.error = { code: event.code, message: event.message };
        },
        onRunFailed: ({ error }) => {
          seen.failed = String(error);
        },
      },
    )
    .catch((error) => {
      seen.failed = String(error);
    });
  runs.push(seen);
  return seen;
}

let last = await run({});
const decisions = [...(scenario.decisions ?? [])];
while (last.outcome === "interrupt" && agent.pendingInterrupts.length && decisions.length) {
  const decision = decisions.shift();
  const resume = agent.pendingInterrupts.map((interrupt) => ({
    interruptId: interrupt.id,
    status: "resolved",
    payload: { decision },
  }));
  last = await run({ resume });
}
const messages = agent.messages.map((m) => ({
  role: m.role,
  content: typeof m.content === "string" ? m.content : null,
  toolCalls: (m.toolCalls ?? []).map((c) => c.function.name),
  toolCallId: m.toolCallId ?? null,
}));
console.log(JSON.stringify({ runs, messages, pending: agent.pendingInterrupts.length }));
