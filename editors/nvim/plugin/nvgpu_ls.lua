-- :NvgpuLower, :NvgpuPtx and :NvgpuStatus, also for nvgpu-ls started by nvim-lspconfig or vim.lsp.enable.
if vim.g.loaded_nvgpu_ls then
  return
end
vim.g.loaded_nvgpu_ls = true
require("nvgpu_ls").create_commands()
