-- ttt-maps: a fenced block with the class ttt-map becomes the map (pandoc, Quarto, R Markdown).
--[[
In a document, one option a line, as the MkDocs fence and the Sphinx directive take them:

    ```ttt-map
    player: x
    policy: fast,novice
    alt: The complete map of optimal moves for X
    ```

    pandoc doc.md -L ttt-map.lua -o doc.html      (inline SVG)
    pandoc doc.md -L ttt-map.lua -o doc.pdf       (a PDF figure; also -t latex)
    pandoc doc.md -L ttt-map.lua -o doc.docx      (a PNG; also odt, pptx, epub)

Each block is drawn by ttt-maps' Python package (`python -m ttt_maps.integrations.pandoc`).
The Python that runs it is, in order: $TTT_MAPS_PYTHON, the document's metadata
`ttt-maps: {python: ...}`, the one that wrote this file, then python3. LaTeX
figures are written to the folder `ttt-maps: {figures: ...}` (ttt-maps-figures).
A bad option stops the build with the file, the line and what is wrong.
]]

PANDOC_VERSION:must_be_at_least("3.1.1") -- pandoc.json; Quarto 1.3 and later have it

local WRITTEN_BY = nil -- the Python of `ttt-maps docs pandoc|quarto`, filled in there
local settings = { python = nil, figures = "ttt-maps-figures" }
local count, seen = 0, {}

local function stringify(value)
  return value ~= nil and pandoc.utils.stringify(value) or nil
end

local function python()
  local env = os.getenv("TTT_MAPS_PYTHON")
  if env and env ~= "" then return env end
  return settings.python or WRITTEN_BY or "python3"
end

-- The documents pandoc reads, for the line a block opens on.
local function sources()
  if quarto ~= nil and quarto.doc ~= nil and quarto.doc.input_file ~= nil then
    return { quarto.doc.input_file }
  end
  return PANDOC_STATE.input_files
end

local function slug(path)
  local name = (path or "doc"):match("([^/\\]+)$") or "doc"
  name = name:gsub("%.[^.]*$", ""):gsub("[^%w_-]+", "-"):gsub("^-+", ""):gsub("-+$", "")
  return name ~= "" and name or "doc"
end

-- Write bytes to a file whole: a reader never sees half a figure.
local function write_whole(path, bytes)
  local part = path .. ".part"
  local f = assert(io.open(part, "wb"))
  f:write(bytes)
  f:close()
  assert(os.rename(part, path))
end

local function draw(block)
  local files = sources()
  local args = { "-m", "ttt_maps.integrations.pandoc", "--to", FORMAT,
                 "--prefix", "ttt-" .. slug(files[1]) .. "-" .. count }
  -- commonmark_x+sourcepos says where a block is: [file@]line:col-line:col
  local pos = block.attributes["data-pos"] or ""
  local file, line = pos:match("^(.*)@(%d+):%d+%-")
  line = line or pos:match("^(%d+):%d+%-")
  if file and file ~= "" then files = { file } end
  for _, f in ipairs(files) do
    args[#args + 1] = "--source"
    args[#args + 1] = f
  end
  if line then
    args[#args + 1] = "--line"
    args[#args + 1] = line
  else
    args[#args + 1] = "--nth"
    args[#args + 1] = tostring(seen[block.text] or 0)
    seen[block.text] = (seen[block.text] or 0) + 1
  end
  count = count + 1
  local ok, out = pcall(pandoc.pipe, python(), args, block.text)
  if not ok then
    local code = type(out) ~= "string" and out.error_code or nil
    if code == 2 then os.exit(2) end -- a bad option: ttt-maps has said where and what
    io.stderr:write("ttt-map: could not draw with " .. python()
      .. "; is ttt-maps installed there? Set TTT_MAPS_PYTHON to the Python that has it.\n")
    os.exit(1)
  end
  local cut = out:find("\n", 1, true)
  local head = pandoc.json.decode(out:sub(1, cut - 1), false)
  local payload = out:sub(cut + 1)
  if head.place == "inline" then
    return pandoc.RawBlock("html", payload)
  end
  local src = head.name
  if head.place == "file" then
    pandoc.system.make_directory(settings.figures, true)
    src = settings.figures .. "/" .. head.name
    write_whole(src, payload)
  else
    local mime = head.name:match("%.png$") and "image/png" or "image/svg+xml"
    pandoc.mediabag.insert(head.name, mime, payload)
  end
  local attrs = {}
  if head.width ~= nil and head.width ~= pandoc.json.null then attrs.width = head.width end
  local image = pandoc.Image(head.alt, src, "", pandoc.Attr("", { "ttt-map" }, attrs))
  return pandoc.Para({ image })
end

return {
  {
    Meta = function(meta)
      local mine = meta["ttt-maps"]
      if type(mine) == "table" then
        settings.python = stringify(mine.python) or settings.python
        settings.figures = stringify(mine.figures) or settings.figures
      end
    end,
  },
  {
    CodeBlock = function(block)
      if block.classes:includes("ttt-map") then return draw(block) end
    end,
  },
}
