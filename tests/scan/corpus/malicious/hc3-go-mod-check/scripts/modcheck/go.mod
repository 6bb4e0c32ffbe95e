module example.com/skills/modcheck

go 1.21
