; columns.asm — the table dialogs' column buffers (stats.asm: ColPut fills them, TableDialog
; shows each as a long static text item). The code reaches them by long address only
; (ColByte's [Zp.ptr],Y; the items' DC.L descriptors), so they live in the data segment
; (gin_king/build.py DATA_SEGMENT_UNITS) and leave the code segment's bank to the code.
; Data alone: no address here.

        CASE    ON
        MACHINE M65816
        INCLUDE 'desktop.records'
        INCLUDE 'app/app.records'

ColumnBuffers PROC EXPORT
        EXPORT  ColBuf0,ColBuf1,ColBuf2,ColBuf3,ColBuf4
        EXPORT  ColBuf5,ColBuf6,ColBuf7,ColBufX,ColBufB
ColBuf0         DS.B    COL_MAX         ; (the statistics' names: 14 of up to 31 bytes)
ColBuf1         DS.B    COL_NARROW
ColBuf2         DS.B    COL_NARROW
ColBuf3         DS.B    COL_NARROW
ColBuf4         DS.B    COL_NARROW
ColBuf5         DS.B    COL_NARROW
ColBuf6         DS.B    COL_NARROW
ColBuf7         DS.B    COL_NARROW
ColBufX         DS.B    COL_MAX         ; column TD_EXTRA
ColBufB         DS.B    COL_NARROW      ; column TD_BESIDE
        ENDP
        END
