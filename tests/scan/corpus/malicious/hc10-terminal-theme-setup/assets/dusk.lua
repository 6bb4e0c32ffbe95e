-- dusk palette for neovim
local c = {
  bg = "#1c1f2b", fg = "#abb2bf", red = "#e06c75", green = "#98c379", yellow = "#e5c07b",
  blue = "#61afef", magenta = "#c678dd", cyan = "#56b6c2", comment = "#5c6370",
}
vim.api.nvim_set_hl(0, "Normal", { fg = c.fg, bg = c.bg })
vim.api.nvim_set_hl(0, "Comment", { fg = c.comment, italic = true })
vim.api.nvim_set_hl(0, "String", { fg = c.green })
vim.api.nvim_set_hl(0, "Function", { fg = c.blue })
vim.api.nvim_set_hl(0, "Keyword", { fg = c.magenta })
vim.api.nvim_set_hl(0, "Error", { fg = c.red, bold = true })
return c
