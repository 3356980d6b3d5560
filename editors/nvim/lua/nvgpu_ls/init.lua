-- nvgpu-ls for Neovim: starts the language server for *.mlir buffers and adds :NvgpuLower,
-- :NvgpuPtx and :NvgpuSass, which show what the current buffer lowers to (nvgpu -> nvvm), the
-- PTX it compiles to and the SASS ptxas makes of it in a scratch buffer beside it, and
-- :NvgpuStatus, what the server holds. Each kernel's resources and occupancy show as a code
-- lens above it (``code_lens = false`` in setup() turns that off).
--
--   require("nvgpu_ls").setup({
--     cmd = { "nvgpu-ls" },                                  -- how to start the server
--     settings = { target = "sm_90a", loweringEngine = "builtin" },  -- section "nvgpu-ls"
--     root_markers = { "nvgpu-ls.toml", "pyproject.toml", ".git" },
--   })
--
-- Neovim >= 0.11 (vim.lsp.config exists): the configuration is registered with
-- vim.lsp.config("nvgpu_ls", ...) and started by vim.lsp.enable("nvgpu_ls").
-- Neovim 0.8 - 0.10: vim.lsp.start from a FileType autocmd (one client per root).
-- Neovim 0.7: vim.lsp.start_client + vim.lsp.buf_attach_client from a FileType autocmd,
-- reusing one client per root directory.

local M = {}

M.name = "nvgpu_ls"
M.section = "nvgpu-ls"

M.defaults = {
  cmd = { "nvgpu-ls" },
  filetypes = { "mlir" },
  root_markers = { "nvgpu-ls.toml", "pyproject.toml", ".git" },
  settings = {},
}

local CLIENT_NAMES = { nvgpu_ls = true, ["nvgpu-ls"] = true }
local ENGINES = { "builtin", "upstream" }

local state = {
  config = nil, -- the resolved setup() options
  clients = {}, -- root directory -> client id (Neovim 0.7 - 0.10 paths)
  results = {}, -- "<source bufnr>:<kind>" -> scratch buffer
  lens_buffers = {}, -- bufnr -> true where the resource lenses are kept fresh
  warned = false,
}

local function notify(message, level)
  vim.notify("nvgpu-ls: " .. message, level or vim.log.levels.INFO)
end

local function is_nil(value)
  return value == nil or value == vim.NIL
end

--- The settings table the server reads: ``{["nvgpu-ls"] = {...}}`` whether the user wrote
--- the section or only its contents.
local function split_settings(settings)
  settings = settings or {}
  local inner = settings[M.section]
  if type(inner) ~= "table" then
    inner = settings
  end
  return { [M.section] = inner }, inner
end

--- The initializationOptions ``setup()`` sends by default: the settings, and the ptxas they name
--- in ``trustedTools``. The server reads ``trustedTools`` from the launch alone, because project
--- settings can reach ``workspace/configuration``; ``setup()``'s options are the user's own
--- configuration.
local function launch_options(inner)
  local options = vim.deepcopy(inner)
  if type(inner.ptxasPath) == "string" and inner.ptxasPath ~= "" then
    options.trustedTools = { inner.ptxasPath }
  end
  return options
end

--- How this Neovim starts clients: "config" (>= 0.11), "start" (0.8 - 0.10), "start_client" (0.7).
function M.mode()
  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    return "config"
  elseif vim.lsp.start ~= nil then
    return "start"
  end
  return "start_client"
end

--- The directory of the first of ``markers`` found from the buffer's directory upward (markers
--- in order, as vim.fs.root does); the buffer's own directory when none is found.
function M.find_root(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return vim.loop.cwd()
  end
  local start = vim.fn.fnamemodify(name, ":p:h")
  for _, marker in ipairs(markers or {}) do
    local dir = start
    while true do
      if vim.loop.fs_stat(dir .. "/" .. marker) then
        return dir
      end
      local parent = vim.fn.fnamemodify(dir, ":h")
      if parent == dir then
        break
      end
      dir = parent
    end
  end
  return start
end

local function client_config(root)
  local c = state.config
  return {
    name = M.name,
    cmd = c.cmd,
    cmd_env = c.cmd_env,
    root_dir = root,
    settings = c.client_settings,
    init_options = c.init_options,
    capabilities = c.capabilities,
    handlers = c.handlers,
    on_attach = c.on_attach,
  }
end

local function check_executable()
  local cmd = state.config.cmd
  if state.warned or type(cmd) ~= "table" or type(cmd[1]) ~= "string" then
    return true
  end
  if vim.fn.executable(cmd[1]) == 1 then
    return true
  end
  state.warned = true
  notify(string.format("'%s' was not found on PATH: install nvgpu-ls (pip install -e . in its repository) or pass "
    .. "cmd = { '/path/to/python', '-m', 'nvgpu_ls' } to setup()", cmd[1]), vim.log.levels.ERROR)
  return false
end

--- Start (or reuse) the client for the buffer's root and attach it (Neovim < 0.11).
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if state.config == nil or not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  if not check_executable() then
    return nil
  end
  local root = state.config.root_dir or M.find_root(bufnr, state.config.root_markers)
  if M.mode() ~= "start_client" then
    local started = vim.lsp.start(client_config(root), { bufnr = bufnr })
    M.enable_lenses(bufnr)
    return started
  end
  local id = state.clients[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil or client.is_stopped() then
    local config = client_config(root)
    local user_exit = state.config.on_exit
    config.on_exit = function(code, signal, client_id)
      if state.clients[root] == client_id then
        state.clients[root] = nil
      end
      if user_exit then
        user_exit(code, signal, client_id)
      end
    end
    local ok, started = pcall(vim.lsp.start_client, config)
    if not ok or started == nil then
      notify("could not start " .. table.concat(state.config.cmd, " ") .. ": " .. tostring(started),
        vim.log.levels.ERROR)
      return nil
    end
    id = started
    state.clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  M.enable_lenses(bufnr)
  return id
end

-- ------------------------------------------------------------------ resource lenses

local LENS_DELAYS_MS = { 1500, 4000, 9000 }
--- The server finds a kernel's figures in the background, about a second after an edit; Neovim
--- before 0.10 has no ``workspace/codeLens/refresh``, so the lenses are asked for again then.

local function refresh_lenses(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or M.client(bufnr) == nil then
    return
  end
  if vim.fn.has("nvim-0.10") == 1 then
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  elseif bufnr == vim.api.nvim_get_current_buf() then
    pcall(vim.lsp.codelens.refresh)
  end
end

--- Ask for ``bufnr``'s lenses now and a few times while the server finds their figures.
function M.refresh_lenses_soon(bufnr)
  refresh_lenses(bufnr)
  for _, delay in ipairs(LENS_DELAYS_MS) do
    vim.defer_fn(function()
      refresh_lenses(bufnr)
    end, delay)
  end
end

--- Keep ``bufnr``'s resource lenses fresh: asked for on entering the buffer, after edits, on
--- writes and when the cursor rests.
function M.enable_lenses(bufnr)
  if state.config == nil or state.config.code_lens == false or state.lens_buffers[bufnr] then
    return
  end
  state.lens_buffers[bufnr] = true
  local group = vim.api.nvim_create_augroup("nvgpu_ls_lens_" .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "TextChanged", "BufWritePost", "CursorHold" }, {
    group = group,
    buffer = bufnr,
    callback = function()
      M.refresh_lenses_soon(bufnr)
    end,
  })
  vim.api.nvim_create_autocmd("BufWipeout", {
    group = group,
    buffer = bufnr,
    callback = function()
      state.lens_buffers[bufnr] = nil
    end,
  })
  M.refresh_lenses_soon(bufnr)
end

--- Configure and start nvgpu-ls for ``filetypes`` (default mlir) buffers.
---
--- opts: cmd, settings (the "nvgpu-ls" section's contents, or {["nvgpu-ls"] = {...}}),
--- init_options (default: the same settings, with the ptxas they name as trustedTools), root_markers, root_dir (a fixed directory),
--- filetypes, capabilities, handlers, on_attach, on_exit, cmd_env, code_lens (default true).
function M.setup(opts)
  opts = opts or {}
  local config = vim.tbl_extend("force", vim.deepcopy(M.defaults), opts)
  config.client_settings, config.inner_settings = split_settings(config.settings)
  if config.init_options == nil then
    config.init_options = launch_options(config.inner_settings)
  end
  state.config = config
  state.warned = false
  M.create_commands()

  if M.mode() == "config" then
    check_executable()
    vim.api.nvim_create_autocmd("LspAttach", {
      group = vim.api.nvim_create_augroup("nvgpu_ls_attach", { clear = true }),
      callback = function(args)
        local client = vim.lsp.get_client_by_id(args.data.client_id)
        if client ~= nil and CLIENT_NAMES[client.name] then
          M.enable_lenses(args.buf)
        end
      end,
    })
    vim.lsp.config(M.name, {
      cmd = config.cmd,
      cmd_env = config.cmd_env,
      filetypes = config.filetypes,
      root_markers = config.root_markers,
      root_dir = config.root_dir,
      settings = config.client_settings,
      init_options = config.init_options,
      capabilities = config.capabilities,
      handlers = config.handlers,
      on_attach = config.on_attach,
      on_exit = config.on_exit,
    })
    vim.lsp.enable(M.name)
    return
  end

  local group = vim.api.nvim_create_augroup("nvgpu_ls", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  -- Buffers that were already open (setup() called late, e.g. by a plugin manager).
  local wanted = {}
  for _, ft in ipairs(config.filetypes) do
    wanted[ft] = true
  end
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and wanted[vim.bo[bufnr].filetype] then
      M.attach(bufnr)
    end
  end
end

-- ------------------------------------------------------------------ commands

--- The nvgpu-ls client attached to ``bufnr``, if any.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local clients
  if vim.lsp.get_clients ~= nil then
    clients = vim.lsp.get_clients({ bufnr = bufnr })
  else
    clients = vim.lsp.buf_get_clients(bufnr)
  end
  for _, client in pairs(clients) do
    if CLIENT_NAMES[client.name] then
      return client
    end
  end
  return nil
end

local function send(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function diagnostics_text(diagnostics)
  local lines = {}
  for _, d in ipairs(is_nil(diagnostics) and {} or diagnostics) do
    local code = is_nil(d.code) and "" or (" [" .. tostring(d.code) .. "]")
    local start = d.range and d.range.start or { line = 0, character = 0 }
    table.insert(lines, string.format("%d:%d: %s%s", start.line + 1, start.character + 1, d.message, code))
  end
  return table.concat(lines, "\n")
end

--- Show ``text`` in the scratch buffer for (source buffer, kind), in a vertical split; the
--- cursor stays in the source window. Returns the scratch buffer.
function M.show(source, kind, text, filetype)
  local key = source .. ":" .. kind
  local buf = state.results[key]
  if buf == nil or not vim.api.nvim_buf_is_valid(buf) then
    buf = vim.api.nvim_create_buf(false, true)
    vim.bo[buf].buftype = "nofile"
    vim.bo[buf].bufhidden = "hide"
    vim.bo[buf].swapfile = false
    local tail = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(source), ":t")
    pcall(vim.api.nvim_buf_set_name, buf, string.format("nvgpu-ls://%s/%d/%s", kind, source, tail))
    state.results[key] = buf
  end
  local lines = vim.split(text, "\n", { plain = true })
  if lines[#lines] == "" then
    table.remove(lines)
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
  if vim.bo[buf].filetype ~= filetype then
    vim.bo[buf].filetype = filetype
  end
  if vim.fn.bufwinid(buf) == -1 then
    local here = vim.api.nvim_get_current_win()
    vim.cmd("rightbelow vsplit")
    vim.api.nvim_win_set_buf(0, buf)
    vim.api.nvim_set_current_win(here)
  end
  return buf
end

local KINDS = {
  lower = { method = "nvgpu-ls/lowerToNvvm", field = "text", filetype = "mlir", title = "Lower to NVVM" },
  ptx = { method = "nvgpu-ls/previewPtx", field = "ptx", filetype = "ptx", title = "Preview PTX" },
  sass = { method = "nvgpu-ls/previewSass", field = "sass", filetype = "sass_listing", title = "Preview SASS" },
  status = { method = "nvgpu-ls/serverStatus", field = "text", filetype = "nvgpustatus", title = "Server status",
             server_wide = true },
}

--- Each kernel's figures of a preview answer as comment lines (``// @module kernel: 90 regs · ...``).
function M.kernel_summaries(result)
  local lines = {}
  for _, report in ipairs(is_nil(result.ptxasReport) and {} or result.ptxasReport) do
    for _, kernel in ipairs(is_nil(report.kernels) and {} or report.kernels) do
      if not is_nil(kernel.summary) then
        table.insert(lines, string.format("// @%s %s (%s): %s", report.module, kernel.name, report.chip, kernel.summary))
      end
    end
  end
  return #lines > 0 and (table.concat(lines, "\n") .. "\n\n") or ""
end

local function run(kind, bufnr, engine, on_done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local spec = KINDS[kind]
  local client = M.client(bufnr)
  if client == nil then
    notify("no nvgpu-ls client is attached to this buffer", vim.log.levels.WARN)
    return false
  end
  local params = vim.NIL
  if not spec.server_wide then
    params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
    if engine ~= nil and engine ~= "" then
      params.engine = engine
    end
    if kind == "ptx" then
      params.validate = true
    end
    notify(spec.title .. "...")
  end
  send(client, spec.method, params, function(err, result)
    local shown = nil
    if err ~= nil then
      notify(spec.title .. " failed: " .. tostring(err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif is_nil(result) or is_nil(result[spec.field]) or result[spec.field] == "" then
      local why = is_nil(result) and "" or diagnostics_text(result.diagnostics)
      notify(spec.title .. ": nothing to show" .. (why ~= "" and (":\n" .. why) or ""), vim.log.levels.ERROR)
    else
      local text = result[spec.field]
      if kind == "sass" then
        text = M.kernel_summaries(result) .. text
      end
      shown = M.show(bufnr, kind, text, spec.filetype)
      local problems = diagnostics_text(result.diagnostics)
      if problems ~= "" then
        notify(spec.title .. ":\n" .. problems, vim.log.levels.WARN)
      end
    end
    if on_done then
      on_done(err, result, shown)
    end
  end, bufnr)
  return true
end

--- Lower the buffer to NVVM (``engine``: "builtin" or "upstream", default the setting) and show it.
function M.lower(bufnr, engine, on_done)
  return run("lower", bufnr, engine, on_done)
end

--- Compile the buffer to PTX and show it.
function M.preview_ptx(bufnr, engine, on_done)
  return run("ptx", bufnr, engine, on_done)
end

--- Compile the buffer to SASS (ptxas, nvdisasm) and show it, each kernel's figures above it.
function M.preview_sass(bufnr, engine, on_done)
  return run("sass", bufnr, engine, on_done)
end

--- Show what the server holds (nvgpu-ls/serverStatus: documents, handlers in flight, caches,
--- its worker, its memory) in a scratch buffer.
function M.status(bufnr, on_done)
  return run("status", bufnr, nil, on_done)
end

--- :NvgpuLower [engine], :NvgpuPtx [engine], :NvgpuSass [engine] and :NvgpuStatus.
function M.create_commands()
  local options = {
    nargs = "?",
    complete = function()
      return ENGINES
    end,
  }
  vim.api.nvim_create_user_command("NvgpuLower", function(args)
    M.lower(0, args.args)
  end, vim.tbl_extend("force", options, { desc = "nvgpu-ls: lower this file to NVVM" }))
  vim.api.nvim_create_user_command("NvgpuPtx", function(args)
    M.preview_ptx(0, args.args)
  end, vim.tbl_extend("force", options, { desc = "nvgpu-ls: preview this file's PTX" }))
  vim.api.nvim_create_user_command("NvgpuSass", function(args)
    M.preview_sass(0, args.args)
  end, vim.tbl_extend("force", options, { desc = "nvgpu-ls: preview this file's SASS" }))
  vim.api.nvim_create_user_command("NvgpuStatus", function()
    M.status(0)
  end, { nargs = 0, desc = "nvgpu-ls: what the server holds" })
end

return M
