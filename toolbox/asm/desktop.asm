; desktop.asm — the start-up and the event loop every native desktop program shares:
; StartDesktop starts the tool sets a TaskMaster program needs, in dependency order;
; NewBlock gets a block from the Memory Manager (the tool pages here, the program's own
; blocks too); NextTask is one round of the program's TaskMaster loop.
;
; Included inside the program's PROC (after 'desktop.records' and the program's tool-call
; macros, which must define _TLStartUp ... _DeskStartUp, _NewHandle and _TaskMaster), so
; the routines are the program's own labels, called with JSR. The program lays out
; TaskTable, the handlers NextTask runs, with the TaskHandlers macro (desktop.records).
; Used by GIN.KING (gin_king/asm/app/main.asm) and the toolbox demo (iigs/demo/demo.asm).
; Follows the start-up order and the TaskMaster loop of the ORCA/C desktop samples
; (Frame.cc, Reversi.cc).
; Every routine expects full native mode (M=16, X=16) and D = the program's direct page,
; which starts with the DeskDP fields (desktop.records); any B.

; ------------------------------------------------------------------------------------
; StartDesktop — start every tool set the desktop needs, in dependency order: Tool
;   Locator, Memory Manager, Miscellaneous Tools, QuickDraw II (640 mode), Event Manager,
;   Window Manager (then the desktop drawn), Control, Menu, LineEdit, Dialog and Desk
;   Managers. Their direct pages come from one bank-0 block of TOOL_PAGES. Then the
;   task record's mask is set, ready for NextTask.
;   In:  A = the user ID of the launch state; D = a direct page starting with DeskDP.
;   Out: DeskDP.userID = MMStartUp's user ID, DeskDP.toolDP = the tool pages,
;        DeskDP.handle = their block; the desktop drawn; DeskDP.task's mask = TASK_MASK
;        (the services TaskMaster performs for the program).
;   Clobbers A, X, Y.  Cycles: about 410 besides the thirteen tool calls' own work.
; ------------------------------------------------------------------------------------
StartDesktop
        STA     <DeskDP.userID
        _TLStartUp
        PHA                             ; userID = MMStartUp()
        _MMStartUp
        PLA
        STA     <DeskDP.userID
        _MTStartUp
        LDA     #TOOL_PAGES             ; toolDP = NewBlock(TOOL_PAGES, TOOL_PAGES_ATTR)
        LDX     #TOOL_PAGES_ATTR
        JSR     NewBlock
        STA     <DeskDP.toolDP
        PHA                             ; QDStartUp(dp, 640 mode, 0, id)
        PEA     QD_MODE_640
        PEA     $0000
        LDA     <DeskDP.userID
        PHA
        _QDStartUp
        LDA     <DeskDP.toolDP          ; EMStartUp(dp+EM_PAGE, 0, 0, 639, 0, 199, id)
        CLC
        ADC     #EM_PAGE
        PHA
        PEA     $0000
        PEA     $0000
        PEA     SCREEN_RIGHT
        PEA     $0000
        PEA     SCREEN_BOTTOM
        LDA     <DeskDP.userID
        PHA
        _EMStartUp
        LDA     <DeskDP.userID          ; WindStartUp(id)
        PHA
        _WindStartUp
        PEA     $0000                   ; RefreshDesktop(nil): the whole screen
        PEA     $0000
        _RefreshDesktop
        LDA     <DeskDP.userID          ; CtlStartUp(id, dp+CTL_PAGE)
        PHA
        LDA     <DeskDP.toolDP
        CLC
        ADC     #CTL_PAGE
        PHA
        _CtlStartUp
        LDA     <DeskDP.userID          ; MenuStartUp(id, dp+MENU_PAGE)
        PHA
        LDA     <DeskDP.toolDP
        CLC
        ADC     #MENU_PAGE
        PHA
        _MenuStartUp
        LDA     <DeskDP.userID          ; LEStartUp(id, dp+LE_PAGE)
        PHA
        LDA     <DeskDP.toolDP
        CLC
        ADC     #LE_PAGE
        PHA
        _LEStartUp
        LDA     <DeskDP.userID          ; DialogStartUp(id)
        PHA
        _DialogStartUp
        _DeskStartUp
        LDA     #TASK_MASK              ; the services TaskMaster performs for us
        STA     <DeskDP.task+TaskRec.mask
        STZ     <DeskDP.task+TaskRec.mask+2
        RTS

; ------------------------------------------------------------------------------------
; NextTask — one round of the event loop: code = TaskMaster(EVERY_EVENT, @DeskDP.task)
;   (window.h), then the program's handler for the code, if it has one.
;   The program (the includer) defines TaskTable, a table of DC.W handler addresses,
;   one per task code 0 .. TASK_CODES-1 (window.h), and TASK_CODES, their
;   count. A handler is entered as if JSR'd from NextTask's caller (NextTask jumps to it,
;   its RTS returns there), with A = X = the code * 2, the caller's D and B, and
;   DeskDP.task holding the event (what, message, where, mods, data).
;   In:  DeskDP.task's mask (StartDesktop sets TASK_MASK).
;   Out: DeskDP.task = the event TaskMaster got (a null event too: where = the mouse);
;        the handler's outputs for a code below TASK_CODES; none for the others.
;   Clobbers A, X, Y and what the handler clobbers.  Cycles: about 60 besides
;   TaskMaster's and the handler's own work.
; ------------------------------------------------------------------------------------
NextTask
        PHA                             ; code = TaskMaster(everyEvent, @task)
        PEA     EVERY_EVENT
        PEA     $0000                   ; @task: bank 0, D itself (task starts DeskDP)
        PHD
        _TaskMaster
        PLA
        CMP     #TASK_CODES             ; codes past the table: nothing to do
        BCS     @out
        ASL     A
        TAX
        JMP     (TaskTable,X)           ; one handler per code; it returns for us
@out    RTS

; ------------------------------------------------------------------------------------
; NewBlock — a block of memory for the program: NewHandle(size, userID, attributes, 0)
;   and its address (Memory Manager, Toolbox Reference vol. 1 ch. 12).
;   In:  A = the size in bytes (under 64K), X = the attributes (e.g. TOOL_PAGES_ATTR);
;        DeskDP.userID.
;   Out: carry clear: DeskDP.handle = the block's handle, A = the low word of its address
;        (the bank is at [DeskDP.handle]+2). Carry set: no block (DeskDP.handle is not
;        one), A undefined.
;   Clobbers A, X, Y.  Cycles: about 90 besides NewHandle's own work.
; ------------------------------------------------------------------------------------
NewBlock
        TAY
        PHA                             ; handle = NewHandle(size, id, attr, 0)
        PHA
        PEA     $0000                   ; the size's high word
        PHY
        LDA     <DeskDP.userID
        PHA
        PHX
        PEA     $0000                   ; no fixed address
        PEA     $0000
        _NewHandle
        PLA                             ; (PLA keeps the carry: the error)
        STA     <DeskDP.handle
        PLA
        STA     <DeskDP.handle+2
        BCS     @out
        LDA     [<DeskDP.handle]        ; the block's address
@out    RTS
