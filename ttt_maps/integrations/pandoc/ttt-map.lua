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
The maps' words are in the document's language (its `lang` metadata, as pandoc
and Quarto take it), unless a block says `lang: ...`.
A bad option stops the build with the file, the line and what is wrong.
]]

PANDOC_VERSION:must_be_at_least("3.1.1") -- pandoc.json; Quarto 1.3 and later have it

local WRITTEN_BY = nil -- the Python of `ttt-maps docs pandoc|quarto`, filled in there
local settings = { python = nil, figures = "ttt-maps-figures", lang = nil }
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

-- Text for a message: a control character (an escape sequence's ESC, C0 or C1) is
-- written as its bytes' \ddd, so none reaches the terminal.
local function shown(text)
  local function code(c) return (c:gsub(".", function(b) return ("\\%03d"):format(b:byte()) end)) end
  return (tostring(text):gsub("[%z\1-\31\127]", code):gsub("\194[\128-\159]", code))
end

-- Stop the build with one line on stderr.
local function fail(message)
  io.stderr:write("ttt-map: " .. message .. "\n")
  os.exit(1)
end

-- Write bytes to folder/name whole, or stop the build: a reader never sees half a
-- figure, and no name in the folder is written through. pandoc makes a new folder
-- of an unpredictable name inside `folder` (one that fails if the name is taken);
-- the bytes go to a file in it, every write and the close are checked, and the
-- file is renamed into place (a link at the name is replaced, not followed).
local function write_whole(folder, name, bytes)
  local path = folder .. "/" .. name
  local made, problem = pcall(pandoc.system.with_temporary_directory, folder, ".ttt-map",
    function(tmp)
      local part = tmp .. "/" .. name
      local f, err = io.open(part, "wb")
      if not f then return err end
      local wrote, werr = f:write(bytes)
      if wrote then wrote, werr = f:flush() end
      local closed, cerr = f:close()
      if not wrote then return werr end
      if not closed then return cerr end
      local moved, merr = os.rename(part, path)
      if not moved then return merr end
      return nil
    end)
  if not made or problem then
    fail("could not write " .. shown(path) .. ": " .. shown(problem))
  end
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
  if settings.lang then -- the document's language, for the words of its maps
    args[#args + 1] = "--lang=" .. settings.lang -- one word: a language may begin with "-"
  end
  count = count + 1
  local ok, out = pcall(pandoc.pipe, python(), args, block.text)
  if not ok then
    local code = type(out) ~= "string" and out.error_code or nil
    if code == 2 then os.exit(2) end -- a bad option: ttt-maps has said where and what
    fail("could not draw with " .. shown(python())
      .. "; is ttt-maps installed there? Set TTT_MAPS_PYTHON to the Python that has it.")
  end
  local cut = out:find("\n", 1, true)
  local head = pandoc.json.decode(out:sub(1, cut - 1), false)
  local payload = out:sub(cut + 1)
  if head.place == "inline" then
    return pandoc.RawBlock("html", payload)
  end
  local src = head.name
  if head.place == "file" then
    local made, problem = pcall(pandoc.system.make_directory, settings.figures, true)
    if not made then
      fail("could not make the folder " .. shown(settings.figures) .. ": " .. shown(problem))
    end
    src = settings.figures .. "/" .. head.name
    write_whole(settings.figures, head.name, payload)
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
      settings.lang = stringify(meta.lang) -- pandoc's and Quarto's own `lang`
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
