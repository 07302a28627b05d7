// The official openai npm client (v4) against run -m serve, for tests/test_server.py:
//   OPENAI_MODULE=/path/to/node_modules/openai node tests/openai_client.js PORT KEY
// Prints one JSON object: the replies of a chat completion, a streamed one, a text completion, and
// what the client makes of a 400 and of a wrong key. Its requests retry nothing (maxRetries 0), so
// every answer is the server's first.
const OpenAI = require(process.env.OPENAI_MODULE || "openai");

async function main() {
  const [port, key] = process.argv.slice(2);
  const baseURL = `http://127.0.0.1:${port}/v1`;
  const client = new OpenAI({ baseURL, apiKey: key, maxRetries: 0, timeout: 60000 });
  const messages = [{ role: "user", content: "Hello there" }];
  const out = {};
  const r = await client.chat.completions.create({ model: "brown", messages, temperature: 0, max_tokens: 24 });
  out.chat = r.choices[0].message.content;
  out.finish = r.choices[0].finish_reason;
  out.usage = r.usage;
  const stream = await client.chat.completions.create({
    model: "brown", messages, temperature: 0, max_tokens: 24, stream: true, stream_options: { include_usage: true },
  });
  out.stream = "";
  out.chunks = 0;
  for await (const chunk of stream) {
    out.chunks++;
    if (chunk.choices.length) out.stream += chunk.choices[0].delta.content || "";
    if (chunk.usage) out.stream_usage = chunk.usage;
  }
  const c = await client.completions.create({ model: "brown", prompt: "Once upon a time", temperature: 0, max_tokens: 12 });
  out.completion = c.choices[0].text;
  const models = await client.models.list();
  out.models = models.data.map((m) => m.id);
  try {
    await client.chat.completions.create({ model: "brown", messages: [], temperature: 0 });
    out.bad_request = "no error";
  } catch (e) {
    out.bad_request = `${e.constructor.name} ${e.status}`;
  }
  try {
    const wrong = new OpenAI({ baseURL, apiKey: key + "x", maxRetries: 0 });
    await wrong.chat.completions.create({ model: "brown", messages, max_tokens: 2 });
    out.wrong_key = "no error";
  } catch (e) {
    out.wrong_key = `${e.constructor.name} ${e.status}`;
  }
  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.log(JSON.stringify({ error: String(e) }));
  process.exit(1);
});
