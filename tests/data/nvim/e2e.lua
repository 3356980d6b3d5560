-- Driven by tests/test_neovim_e2e.py: `nvim --headless --clean -u init.lua -c "luafile e2e.lua"`.
-- init.lua puts editors/nvim on the runtimepath, calls require("nvgpu_ls").setup{...} and sets
-- vim.g.nvgpu_e2e = { sample = <.mlir path>, out = <json path>, timeout = <ms per wait> }.
-- Every step records what it saw in `results`; the JSON is written at the end (or on the first
-- failure) and Neovim quits with :qa! (success) or :cquit (failure). The Python side asserts.

local opts = vim.g.nvgpu_e2e
local TIMEOUT = opts.timeout or 30000
local results = { steps = {}, notifications = {}, nvim = tostring(vim.version().major) .. "."
  .. tostring(vim.version().minor) .. "." .. tostring(vim.version().patch) }
local clock = vim.loop.hrtime()

local function elapsed()
  return (vim.loop.hrtime() - clock) / 1e6
end

local function step(name)
  table.insert(results.steps, { name = name, ms = elapsed() })
end

local function write()
  local file = assert(io.open(opts.out, "w"))
  file:write(vim.fn.json_encode(results))
  file:close()
end

local function wait(what, condition)
  if not vim.wait(TIMEOUT, condition, 50) then
    error("timed out after " .. TIMEOUT .. " ms waiting for " .. what)
  end
end

vim.notify = function(message, level)
  table.insert(results.notifications, { message = tostring(message), level = level or vim.log.levels.INFO })
end

local function lsp_diagnostic(d)
  local lsp = (d.user_data and d.user_data.lsp) or {}
  if lsp.range then
    return lsp
  end
  return {
    range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
    severity = d.severity,
    message = d.message,
    source = d.source,
    code = lsp.code or d.code,
    data = lsp.data,
    relatedInformation = lsp.relatedInformation,
  }
end

local function diagnostics(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local full = lsp_diagnostic(d)
    table.insert(out, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message,
      code = full.code ~= nil and tostring(full.code) or vim.NIL })
  end
  table.sort(out, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return out
end

local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
end

local function scratch(filetype)
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_valid(buf) and vim.bo[buf].filetype == filetype and vim.bo[buf].buftype == "nofile" then
      return buf
    end
  end
  return nil
end

local function main()
  local nvgpu = require("nvgpu_ls")
  results.mode = nvgpu.mode()
  vim.cmd("edit " .. vim.fn.fnameescape(opts.sample))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  results.filetype = vim.bo[buf].filetype

  -- 1. the server starts and publishes the sample's diagnostics
  wait("a client", function() return nvgpu.client(buf) ~= nil end)
  local client = nvgpu.client(buf)
  results.client_name = client.name
  results.clients = #vim.tbl_keys(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients())
  wait("diagnostics", function() return #vim.diagnostic.get(buf) > 0 end)
  results.diagnostics = diagnostics(buf)
  step("diagnostics")

  -- what the server gets as initializationOptions and as the workspace/configuration answer
  results.init_options = client.config.init_options
  results.configuration = vim.lsp.handlers["workspace/configuration"](nil,
    { items = { { section = "nvgpu-ls" } } }, { client_id = client.id, method = "workspace/configuration" })

  -- a second file under the same root reuses the client
  vim.cmd("split " .. vim.fn.fnameescape(opts.second))
  local second = vim.api.nvim_get_current_buf()
  wait("the second file's client", function() return nvgpu.client(second) ~= nil end)
  results.second_same_client = nvgpu.client(second).id == client.id
  vim.cmd("close")
  assert(vim.api.nvim_get_current_buf() == buf, "not back in the sample")
  step("second file")

  -- 2. hover on the nvgpu op
  local line = opts.hover_line
  local character = vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1]:find("nvgpu.ldmatrix", 1, true)
  local answers = vim.lsp.buf_request_sync(buf, "textDocument/hover",
    { textDocument = { uri = uri }, position = { line = line, character = character + 1 } }, TIMEOUT)
  local hover = nil
  for _, answer in pairs(answers or {}) do
    if answer.result and answer.result.contents then
      hover = answer.result.contents
    end
  end
  assert(hover ~= nil, "no hover answer: " .. vim.inspect(answers))
  results.hover = type(hover) == "table" and (hover.value or vim.inspect(hover)) or tostring(hover)
  step("hover")

  -- 3. :NvgpuLower while the file has an error: no text, the error is notified
  vim.cmd("NvgpuLower")
  wait("the lowering's error", function()
    for _, n in ipairs(results.notifications) do
      if n.message:find("nothing to show", 1, true) then return true end
    end
    return false
  end)
  step("lower refused")

  -- 4. the quick fix for the error, applied as a workspace edit
  local target = nil
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local full = lsp_diagnostic(d)
    if tostring(full.code) == opts.fix_code then
      target = full
    end
  end
  assert(target ~= nil, "no diagnostic with code " .. opts.fix_code)
  local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
    textDocument = { uri = uri },
    range = target.range,
    context = { diagnostics = { target } },
  }, TIMEOUT)
  local chosen = nil
  results.action_titles = {}
  for _, answer in pairs(actions or {}) do
    for _, action in ipairs(answer.result or {}) do
      table.insert(results.action_titles, action.title)
      if action.kind == "quickfix" and action.edit and action.title == opts.fix_title then
        chosen = action
      end
    end
  end
  assert(chosen ~= nil, "no quick fix '" .. opts.fix_title .. "' among " .. vim.inspect(results.action_titles))
  vim.lsp.util.apply_workspace_edit(chosen.edit, "utf-16")
  results.fixed_text = buffer_text(buf)
  wait("the diagnostics to clear after the fix", function() return #vim.diagnostic.get(buf) == 0 end)
  results.diagnostics_after_fix = diagnostics(buf)
  step("quick fix")

  -- 5. :NvgpuPtx and :NvgpuLower fill scratch buffers beside the source
  local source_win = vim.api.nvim_get_current_win()
  vim.cmd("NvgpuPtx")
  wait("a PTX buffer", function()
    local ptx = scratch("ptx")
    return ptx ~= nil and buffer_text(ptx):find(".target", 1, true) ~= nil
  end)
  local ptx = scratch("ptx")
  results.ptx = buffer_text(ptx)
  results.ptx_window_open = vim.fn.bufwinid(ptx) ~= -1
  results.ptx_modifiable = vim.bo[ptx].modifiable
  results.cursor_stayed = vim.api.nvim_get_current_win() == source_win
  step("ptx")

  vim.cmd("NvgpuLower")
  wait("a lowered buffer", function()
    local lowered = scratch("mlir")
    return lowered ~= nil and buffer_text(lowered):find("nvvm.", 1, true) ~= nil
  end)
  results.lowered = buffer_text(scratch("mlir"))
  results.lowered_has_client = nvgpu.client(scratch("mlir")) ~= nil
  results.windows = #vim.api.nvim_tabpage_list_wins(0)
  step("lower")

  -- 6. running :NvgpuPtx again refreshes the same buffer and window
  local before = #vim.api.nvim_list_bufs()
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { "// edited" })
  local done = false
  nvgpu.preview_ptx(buf, nil, function() done = true end)
  wait("the second preview", function() return done end)
  results.buffers_added_by_refresh = #vim.api.nvim_list_bufs() - before
  results.windows_after_refresh = #vim.api.nvim_tabpage_list_wins(0)
  step("refresh")

  -- 7. :NvgpuStatus shows what the server holds
  vim.cmd("NvgpuStatus")
  wait("a status buffer", function()
    local status = scratch("nvgpustatus")
    return status ~= nil and buffer_text(status):find("open documents", 1, true) ~= nil
  end)
  results.status = buffer_text(scratch("nvgpustatus"))
  step("status")

  -- 8. the resource code lens above a kernel: the plugin asks for lenses itself (on entering
  -- the buffer, after edits, and again while the server finds the figures)
  if opts.lens_sample then
    vim.cmd("edit " .. vim.fn.fnameescape(opts.lens_sample))
    local lens_buf = vim.api.nvim_get_current_buf()
    wait("a client on the kernel file", function() return nvgpu.client(lens_buf) ~= nil end)
    local function titled()
      for _, lens in ipairs(vim.lsp.codelens.get(lens_buf) or {}) do
        if lens.command and (lens.command.title or "") ~= "" then
          return lens
        end
      end
    end
    wait("a resource lens", function() return titled() ~= nil end)
    local lens = titled()
    results.lens = { line = lens.range.start.line, title = lens.command.title, command = lens.command.command }
    step("lens")

    -- 9. :NvgpuSass shows the kernel's figures and its SASS beside it
    vim.cmd("NvgpuSass")
    wait("a SASS buffer", function()
      local sass = scratch("sass_listing")
      return sass ~= nil and buffer_text(sass):find("HGMMA", 1, true) ~= nil
    end)
    results.sass = buffer_text(scratch("sass_listing"))
    step("lens")
  end
end

local ok, err = xpcall(main, debug.traceback)
results.ok = ok
results.error = ok and vim.NIL or tostring(err)
write()
if ok then
  vim.cmd("qa!")
else
  vim.cmd("cquit 1")
end
