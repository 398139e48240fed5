; help.asm — Apple/Help...: five topics, each a few pages, in one window with Next, Prev
; and Exit buttons (a modal dialog; its text item is replaced page by page with SetIText).
; Included into main.asm. The pages themselves are in text.asm, a unit of the data segment
; (gin_king/build.py DATA_SEGMENT_UNITS): reached by their long addresses only.

HELP_EXIT       EQU     1
HELP_TOPIC1     EQU     3               ; topic buttons 3..7
HELP_TEXT       EQU     8
HELP_PREV       EQU     9
HELP_NEXT       EQU     10
HELP_PAGE       EQU     11
HELP_TOPICS     EQU     5

; ------------------------------------------------------------------------------------
; DoHelp — the help window: the first topic's first page; the topic buttons, Prev and
;   Next move about; Exit (or Return) closes it.
; ------------------------------------------------------------------------------------
DoHelp
        LDA     #HpBounds
        STA     DlgBounds
        LDA     #HpItems
        STA     DlgItemList
        LDA     #HP_ITEMS*2
        STA     DlgItemN
        STZ     DlgGroupN
        JSR     OpenDlg
        STZ     HelpTopic
        STZ     HelpPage
        JSR     ShowHelpPage
@loop   PHA                             ; hit = ModalDialog(nil)
        PEA     $0000
        PEA     $0000
        _ModalDialog
        PLA
        CMP     #HELP_EXIT
        BEQ     @exit
        CMP     #2                      ; Escape (Cancel) also leaves
        BEQ     @exit
        CMP     #HELP_PREV
        BEQ     @prev
        CMP     #HELP_NEXT
        BEQ     @next
        CMP     #HELP_TOPIC1
        BCC     @loop
        CMP     #HELP_TOPIC1+HELP_TOPICS
        BCS     @loop
        SEC                             ; a topic: its first page
        SBC     #HELP_TOPIC1
        STA     HelpTopic
        STZ     HelpPage
        BRA     @show
@prev   LDA     HelpPage
        BEQ     @loop
        DEC     HelpPage
        BRA     @show
@next   LDA     HelpTopic
        ASL     A
        TAX
        LDA     HelpPage
        INC     A
        CMP     TopicPages,X
        BCS     @loop
        STA     HelpPage
@show   JSR     ShowHelpPage
        BRA     @loop
@exit   JMP     CloseDlg

; ShowHelpPage — the page's text, and "<topic>: page p of n".
ShowHelpPage
        LDA     HelpTopic
        ASL     A
        TAX
        LDA     TopicFirst,X
        CLC
        ADC     HelpPage
        ASL     A
        ASL     A
        TAX
        PushVarLong DlgPtr              ; SetIText(dlg, HELP_TEXT, page)
        PEA     HELP_TEXT
        LDA     HelpPageText+2,X        ; (a long: the pages are in the data segment)
        PHA
        LDA     HelpPageText,X
        PHA
        _SetIText
        JSR     MsgClear
        LDA     HelpTopic
        ASL     A
        TAX
        LDA     TopicNames,X
        TAX
        JSR     MsgPStr
        Msg     ': page '
        LDA     HelpPage
        INC     A
        JSR     MsgNum
        Msg     ' of '
        LDA     HelpTopic
        ASL     A
        TAX
        LDA     TopicPages,X
        JSR     MsgNum
        PushVarLong DlgPtr              ; SetIText(dlg, HELP_PAGE, Build)
        PEA     HELP_PAGE
        PushLong Build
        _SetIText
        LDA     HelpPage                ; Prev dimmed on the first page
        CMP     #1
        LDA     #HELP_PREV
        JSR     ItemEnableIf
        LDA     HelpPage                ; Next dimmed on the last: enabled while
        INC     A                       ;   pages >= page + 2 (page counts from 0)
        INC     A
        STA     MsgTmp
        LDA     HelpTopic
        ASL     A
        TAX
        LDA     TopicPages,X
        CMP     MsgTmp
        LDA     #HELP_NEXT
        JMP     ItemEnableIf

; ItemEnableIf — item A of the dialog enabled when carry is set, dimmed when clear.
ItemEnableIf
        TAX
        PushVarLong DlgPtr
        PHX
        BCC     @dim
        _EnableDItem
        RTS
@dim    _DisableDItem
        RTS

HelpTopic       DC.W    0
HelpPage        DC.W    0

TopicFirst      DC.W    0,3,6,10,12     ; each topic's first page in HelpPageText
TopicPages      DC.W    3,3,4,2,2
TopicNames      DC.W    HtName0,HtName1,HtName2,HtName3,HtName4
HelpPageText    DC.L    HelpP0,HelpP1,HelpP2,HelpP3,HelpP4,HelpP5   ; (Pascal strings
                DC.L    HelpP6,HelpP7,HelpP8,HelpP8b,HelpP9,HelpP10 ;   of text.asm: 255
                DC.L    HelpP11,HelpP12                             ;   characters at most)
HpBounds        DC.W    20,60,192,580
HpItems
        DC.W    HpExit,HpT1,HpT2,HpT3,HpT4,HpT5
        DC.W    HpText,HpPrev,HpNext,HpPage,EscapeItem
HP_ITEMS        EQU     (*-HpItems)/2
HpExit  DC.W    1,150,440,163,510,$0A
        DC.L    ExitStr
        DC.W    0,1
        DC.L    0
HpPrev  DC.W    9,150,200,163,270,$0A
        DC.L    PrevStr
        DC.W    0,0
        DC.L    0
HpNext  DC.W    10,150,290,163,360,$0A
        DC.L    NextStr
        DC.W    0,0
        DC.L    0
HpText  DC.W    8,30,12,126,508,$800F
        DC.L    HelpP0
        DC.W    0,0
        DC.L    0
HpPage  DC.W    11,134,12,144,400,$800F
        DC.L    Build
        DC.W    0,0
        DC.L    0
HpT1    DC.W    3,8,12,21,106,$0A
        DC.L    HtName0
        DC.W    0,0
        DC.L    0
HpT2    DC.W    4,8,112,21,206,$0A
        DC.L    HtName1
        DC.W    0,0
        DC.L    0
HpT3    DC.W    5,8,212,21,306,$0A
        DC.L    HtName2
        DC.W    0,0
        DC.L    0
HpT4    DC.W    6,8,312,21,406,$0A
        DC.L    HtName3
        DC.W    0,0
        DC.L    0
HpT5    DC.W    7,8,412,21,506,$0A
        DC.L    HtName4
        DC.W    0,0
        DC.L    0
        STRING  PASCAL
ExitStr         DC.B    'Exit'
PrevStr         DC.B    'Prev'
NextStr         DC.B    'Next'
HtName0        DC.B    'Rules of Gin'
HtName1        DC.B    'Playing'
HtName2        DC.B    'Menus'
HtName3        DC.B    'Computer Players'
HtName4        DC.B    'Scoring'
        STRING  ASIS
