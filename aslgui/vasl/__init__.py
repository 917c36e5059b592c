"""Readers of VASL's formats: the players' own board archives (DESIGN.md section 7), saves (section
8) and module (section 11), read in place into plain values; ``aslgui.model`` turns them into a
scenario.

A layer between ``geometry`` and ``model``: it may use geometry, model uses it, and it never
imports Qt or shapely.  numpy decodes the pixel grids and is imported only inside the functions
that decode, so nothing here costs a plain-board ``aslgui resolve`` anything.

Modules and their API:

``library``   where boards are.  ``find_archive("4") -> ".../bd04" | None`` searches
              ``library_folders()``: ``$ASLGUI_VASL_BOARDS`` (``os.pathsep`` list), then the
              folders saved in aslgui's settings file (``settings_path()``, JSON in the per-user
              config folder, ``$ASLGUI_CONFIG_DIR`` moves it).  The GUI's Preferences use
              ``saved_board_folders()``, ``add_board_folder(path)``, ``remove_board_folder(path)``;
              ``available_boards()`` lists board id -> archive for a board picker.
``archive``   one archive.  ``open_archive(path) -> BoardArchive`` reads ``BoardMetadata.xml``
              (``.metadata``: name, size in hexes, art file name, ``has_hills``,
              ``building_types`` overrides); ``.image_bytes()`` is the art;
              ``.los_grid() -> LosGrid`` decodes ``LOSData`` into numpy arrays ``elevation``
              (int8) and ``terrain`` (uint8 terrain codes), both indexed ``[x, y]`` in the
              board's own pixels (shape ``(1800, 645)`` for a geomorphic board), and the per-hex
              ``stairways``.
``catalog``   what a terrain code means.  ``load_catalog(folders) -> Catalog``: a
              ``SharedBoardMetadata.xml`` found in a library folder, else aslgui's own table
              ``resources/data/vasl_terrain.json``; ``catalog.by_code(60)`` is a ``TerrainType``
              (VASL's LOS facts: obstacle, hindrance, half level, height, inherent, split, LOS
              category, and the aslgui terrain name it maps to); ``catalog.table(field)`` is a
              256-entry numpy lookup for whole grids.
``catalog_source`` which catalog file a library reads (``catalog_file``) and aslgui's names for VASL's
              terrain (``aslgui_names``): all a cached board needs, without ``catalog``'s records.

``pieces``    VASSAL's piece definitions (``SequenceEncoder`` levels, Layers, rotation,
              concealment, prototypes) as saves and the module's PieceSlots write them.
``vocabulary`` what a piece means: nationality from its art's folder, markers, Layer words,
              the kind of unit or support weapon, CA numbers.
``vsav``      a save: the zip, the obfuscated command list, boards, pieces and stacks.
``map_layout`` where a counter of a save lies: VASL's map pixels to aslgui's hexes.

Every damaged, truncated or foreign file is an ``AslError`` naming the file.
"""
