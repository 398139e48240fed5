; help.asm — Apple/Help...: five topics, each a few pages, in one window with Next, Prev
; and Exit buttons (a modal dialog; its text item is replaced page by page with SetIText).
; Included into main.asm.

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
        TAX
        PushVarLong DlgPtr              ; SetIText(dlg, HELP_TEXT, page)
        PEA     HELP_TEXT
        PEA     GinKing>>16
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
HelpPageText    DC.W    HelpP0,HelpP1,HelpP2,HelpP3,HelpP4,HelpP5   ; (Pascal strings:
                DC.W    HelpP6,HelpP7,HelpP8,HelpP8b,HelpP9,HelpP10 ;   255 characters
                DC.W    HelpP11,HelpP12                             ;   at most each)
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
HelpP0  DC.B    'Gin Rummy is a game for two. Each player gets ten cards; the next card starts the discard pile and the rest form the stock. Arrange your hand into melds: three or four cards of one rank, or runs of three or more in one suit.'
HelpP1  DC.B    'On your turn, draw one card, from the stock or the top of the discard pile, then discard one. You may not discard the card you just took from the pile. Cards not in melds are deadwood: aces count 1, numbers their value, pictures 10.'
HelpP2  DC.B    'You may knock when your deadwood after the discard is 10 or less (Oklahoma Gin: the first upcard''s value; an ace means gin only). The opponent then lays off cards on your melds. With no deadwood you go gin: no laying off.'
HelpP3  DC.B    'At the start of a hand the first upcard is offered to the player who did not deal, then to the dealer. Click the upcard to take it, or click the stock to refuse it. When both refuse, the non-dealer draws from the stock.'
HelpP4  DC.B    'To draw, click the stock (face down) or the top card of the discard pile. To discard, click a card of your hand. The discard then waits beside the pile as the knock card.'
HelpP5  DC.B    'Click the knock card to knock, or the pile to discard without knocking; an illegal knock is refused with a beep and a caution alert saying why. Edit/Undo (F3) takes the discard back. When a hand ends both hands are shown: click to deal the next.'
HelpP6  DC.B    'File: New Game deals a game (after End Game, if one is on); Resume Game goes on with a game kept on disk; Save Settings keeps the settings and the last game''s deals; End Game stops the game; Quit leaves, keeping the game. Edit: Undo takes back a discard.'
HelpP7  DC.B    'Settings: Game Settings picks the variant, points per game, hand display and shuffle mode; Tournament Mode plays for the record; Enter Name sets your name; Players picks the players and tutor; House Rules, the other gin programs'' rules.'
HelpP8  DC.B    'Options: Sound and F/X switch effects on and off; Computer Visible shows the opponent''s hand; Advice (Apple-A) asks the tutor; Show History shows your record; Show Cards (F6) shows the pile and the picked-up cards.'
HelpP8b DC.B    'Options, continued: Statistics counts games, wins and points per player and variation (Reset clears them); Score Sheet (Apple-T) shows the hands so far.'
HelpP9  DC.B    'Eight computer players can sit at the table. Irv plays at random. Willy lowers his deadwood and knocks at once. Sonia takes a card only if it adds to her melds. Mort plays defensively and remembers the cards. Bernie keeps cards that could join melds.'
HelpP10  DC.B    'Phyllis mixes defence and attack; Shark plays like Phyllis but watches the score when deciding to knock. King, beyond the original seven, looks a draw ahead and weighs the danger of each discard. Any of them can be your tutor: ask with Advice.'
HelpP11  DC.B    'A knocker with less deadwood than the opponent scores the difference. If the opponent has the same or less, the opponent undercuts and scores the difference plus 25. Gin scores the opponent''s deadwood plus 25.'
HelpP12  DC.B    'The first to reach the game''s points wins and adds 100; each hand won adds 25 at the end. If the loser won no hand, the winner''s points and game bonus are doubled. A hand is a tie when two cards are left in the stock.'
        STRING  ASIS
