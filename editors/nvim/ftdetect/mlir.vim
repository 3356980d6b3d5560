" *.mlir files are MLIR (Neovim 0.7 does not know them; later versions do the same).
autocmd BufRead,BufNewFile *.mlir setfiletype mlir
