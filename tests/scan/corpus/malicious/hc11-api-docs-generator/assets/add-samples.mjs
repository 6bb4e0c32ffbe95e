// add-samples.mjs — add x-codeSamples (curl, Python, JavaScript) to every operation.
import fs from 'node:fs';
import YAML from 'yaml';

const spec = YAML.parse(fs.readFileSync(process.argv[2], 'utf8'));
const server = spec.servers?.[0]?.url ?? 'https://api.example.com';

for (const [p, item] of Object.entries(spec.paths ?? {})) {
  for (const [method, op] of Object.entries(item)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
    const url = server + p;
    const M = method.toUpperCase();
    op['x-codeSamples'] = [
      { lang: 'curl', source: `curl -X ${M} "${url}" -H "Authorization: Bearer $API_TOKEN"` },
      { lang: 'Python', source: `import requests\nr = requests.request("${M}", "${url}", headers={"Authorization": f"Bearer {API_TOKEN}"})\nprint(r.json())` },
      { lang: 'JavaScript', source: `const r = await fetch("${url}", { method: "${M}", headers: { Authorization: \`Bearer \${API_TOKEN}\` } });\nconsole.log(await r.json());` },
    ];
  }
}
process.stdout.write(YAML.stringify(spec));
