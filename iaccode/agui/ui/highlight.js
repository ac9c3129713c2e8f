// Small syntax highlighting for the templates the agent writes: YAML and JSON (ROS), HCL
// (Terraform). Builds text nodes and spans only (never HTML from the text), so a template can
// hold anything. Linear in the text: a key rule (a run of name characters, then a lookahead)
// that fails at the start of a run fails at every later start in it too, as its candidate ends
// are the same, so it is not tried again until the run is passed (tried at each character, a
// 40,000-character token took seconds, the tab frozen); an unclosed /* comment ends with the
// text.
const RULES = {
  yaml: [
    ["comment", /#.*/y],
    ["key", /[A-Za-z0-9_.:-]+(?=\s*:(\s|$))/y, /[A-Za-z0-9_.:-]+/y],
    ["function", /!(?:Ref|GetAtt|Sub|Join|Select|If|Equals|And|Or|Not|FindInMap|Base64|GetAZs|Split|Replace|Cidr|Jq|Index|Length|Str|Avg|Calculate|MergeMapToList|SelectMapList|Add|Max|Min|ListMerge|GetJsonValue|Any|Contains|EachMemberIn|MemberListToMap|MarketplaceImage)\b/y],
    ["function", /Fn::[A-Za-z]+|Ref(?=\s*:)/y],
    ["string", /"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/y],
    ["number", /-?\b\d+(?:\.\d+)?\b/y],
    ["keyword", /\b(?:true|false|null|True|False|yes|no)\b/y],
  ],
  json: [
    ["key", /"(?:[^"\\]|\\.)*"(?=\s*:)/y],
    ["string", /"(?:[^"\\]|\\.)*"/y],
    ["number", /-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/y],
    ["keyword", /\b(?:true|false|null)\b/y],
  ],
  hcl: [
    ["comment", /(?:#|\/\/).*|\/\*[\s\S]*?(?:\*\/|$)/y],
    ["keyword", /\b(?:resource|data|variable|output|locals|module|provider|terraform|for_each|count|depends_on|true|false|null|for|in|if)\b/y],
    ["string", /"(?:[^"\\]|\\.)*"/y],
    ["key", /[A-Za-z_][A-Za-z0-9_-]*(?=\s*=[^=])/y, /[A-Za-z_][A-Za-z0-9_-]*/y],
    ["number", /-?\b\d+(?:\.\d+)?\b/y],
  ],
};

export function languageOf(name = "", mediaType = "", text = "") {
  const lower = name.toLowerCase();
  if (lower.endsWith(".tf") || lower.endsWith(".hcl") || /hcl|terraform/.test(mediaType)) {
    return "hcl";
  }
  if (lower.endsWith(".json") || mediaType.includes("json")) return "json";
  if (/\.ya?ml$/.test(lower) || mediaType.includes("yaml")) return "yaml";
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) return "json";
  if (/^\s*(resource|variable|provider|terraform)\s/m.test(text)) return "hcl";
  return "yaml";
}

// A <pre><code> with the text highlighted as `lang` (yaml, json or hcl).
export function highlighted(text, lang) {
  const pre = document.createElement("pre");
  const code = document.createElement("code");
  code.className = `lang-${lang}`;
  const rules = RULES[lang] || [];
  let plain = "";
  const flush = () => {
    if (plain) code.append(plain);
    plain = "";
  };
  const failedUntil = rules.map(() => 0); // per rule with a run: where its failed run ends
  let at = 0;
  outer: while (at < text.length) {
    for (const [index, [kind, pattern, run]] of rules.entries()) {
      if (at < failedUntil[index]) continue;
      pattern.lastIndex = at;
      const found = pattern.exec(text);
      if (run && !(found && found[0].length)) {
        run.lastIndex = at;
        if (run.exec(text)) failedUntil[index] = run.lastIndex;
      }
      if (found && found[0].length) {
        flush();
        const span = document.createElement("span");
        span.className = `tok-${kind}`;
        span.textContent = found[0];
        code.append(span);
        at += found[0].length;
        continue outer;
      }
    }
    plain += text[at];
    at += 1;
  }
  flush();
  pre.append(code);
  return pre;
}
