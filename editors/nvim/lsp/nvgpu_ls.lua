-- Neovim >= 0.11: with editors/nvim on the runtimepath, vim.lsp.enable("nvgpu_ls") starts
-- nvgpu-ls with these defaults; vim.lsp.config("nvgpu_ls", {...}) or
-- require("nvgpu_ls").setup({...}) changes them.
return {
  cmd = { "nvgpu-ls" },
  filetypes = { "mlir" },
  root_markers = { "nvgpu-ls.toml", "pyproject.toml", ".git" },
  settings = { ["nvgpu-ls"] = {} },
}
