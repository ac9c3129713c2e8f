// A Server-Sent Events reader for fetch() bodies: EventSource cannot POST or send a bearer
// token. Yields the data of each event (comments such as ": heartbeat" are skipped).
export async function* readEvents(body, signal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      if (signal && signal.aborted) return;
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const data = dataOf(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (data !== null) yield data;
      }
    }
    const data = dataOf(buffer);
    if (data !== null) yield data;
  } finally {
    reader.releaseLock();
  }
}

function dataOf(block) {
  const lines = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("data:")) lines.push(line.slice(line.startsWith("data: ") ? 6 : 5));
  }
  return lines.length ? lines.join("\n") : null;
}
