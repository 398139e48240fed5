; data.asm — the program's data: the settings, the game's state, the table's scratch,
; menu strings, window parameters and texts. Included into main.asm (one unit); every
; label here is in the symbol map, so tests read the game through it.

; ---- the settings (saved by File/Save Settings, files.asm) ------------------------------
; One contiguous block; DefaultSettings below has the same layout.
Settings
SetVariant      DC.W    0               ; 0 standard, 1 Oklahoma
SetPoints       DC.W    0               ; index into PointsTable
SetDisplay      DC.W    DISP_SUIT       ; hand display mode
SetShuffle      DC.W    SHUF_NORMAL     ; shuffle mode
SetSound        DC.W    1
SetFX           DC.W    1
SetVisible      DC.W    0               ; Computer Visible
SetTournament   DC.W    0
SetP1           DC.W    HUMAN           ; player 1 (the bottom hand)
SetP2           DC.W    PERS_WILLY      ; player 2
SetTutor        DC.W    PERS_WILLY
SetSeedLo       DC.W    0               ; a fixed game seed (0: the clock's)
SetSeedHi       DC.W    0
PlayerName      DC.B    6,'Player'      ; a Pascal string, NAME_MAX at most
                DS.B    NAME_MAX+1-7
SETTINGS_SIZE   EQU     *-Settings

DefaultSettings
        DC.W    0,0,DISP_SUIT,SHUF_NORMAL,1,1,0,0,HUMAN,PERS_WILLY,PERS_WILLY,0,0
        DC.B    6,'Player'
        DS.B    NAME_MAX+1-7

PointsTable     DC.W    100,150,200,300,400,500,250 ; 250: a house choice (002)
POINTS_CHOICES  EQU     (*-PointsTable)/2
POINTS_250      EQU     POINTS_CHOICES-1 ; its index: not in a tournament

; ---- the house rules (Settings/House Rules..., dialogs.asm DoHouseRules) ----------------
; SetRules is a RulesRec (engine.records): saved after the settings (GIN.PREFS version 3),
; copied into RulesBlock before each hand (the manual's, ManualRules, in a tournament;
; .points is then the game's target). Every flag off: the manual's game.
SetRules        DC.W    RULE_OFF,RULE_OFF,RULE_OFF,RULE_OFF,RULE_OFF,DEAL_TEN
                DC.W    SCORING_SINGLE,GIN_BONUS,UNDERCUT_BONUS,BOX_BONUS,BOX_EACH
                DC.W    GAME_BONUS,SHUTOUT_DOUBLE,POINTS_PER_GAME
ManualRules     DC.W    RULE_OFF,RULE_OFF,RULE_OFF,RULE_OFF,RULE_OFF,DEAL_TEN
                DC.W    SCORING_SINGLE,GIN_BONUS,UNDERCUT_BONUS,BOX_BONUS,BOX_EACH
                DC.W    GAME_BONUS,SHUTOUT_DOUBLE,POINTS_PER_GAME

; ---- the game's state ---------------------------------------------------------------
; GameState .. GameStateEnd and GameDeckCount .. PrevDecksEnd are kept whole in the saved
; game (files.asm GameParts): what is not the game's goes elsewhere.
CurCursor       DC.W    CURSOR_ARROW    ; the pointer's shape now (TrackCursor)
GameState
GPhase          DC.W    PH_NONE
Turn            DC.W    0               ; the player to act
Dealer          DC.W    0
FirstDealer     DC.W    0
OfferStep       DC.W    0               ; 0: the non-dealer's offer, 1: the dealer's
Taken           DC.W    NO_CARD         ; the card just taken from the pile
Pending         DC.W    NO_CARD         ; the discard waiting for the knock question
Upcard          DC.W    NO_CARD         ; the hand's first upcard (Oklahoma: knock card)
LastDrawn       DC.W    NO_CARD
Kind            DC.W    HUMAN,PERS_WILLY ; each player: a personality or HUMAN
Hands           DS.B    2*Hand.Size     ; each player's hand, four suit masks
Took            DS.B    2*Hand.Size     ; cards each took from the pile
Pile            DS.B    CARDS_IN_DECK+2 ; the discard pile, bottom first
PileLen         DC.W    0
StockIdx        DC.W    CARDS_IN_DECK   ; the next stock card is Deck[StockIdx]
Score           DC.W    0,0             ; hand points this game
Won             DC.W    0,0             ; hands won this game
Total           DC.W    0,0             ; the score sheet's totals
Draws           DC.W    0,0             ; cards drawn this hand
IrvRng          DC.W    0,0,0,0         ; each player's own generator (Irv)
HandNum         DC.W    0               ; hands dealt this game
Walls           DC.W    0               ; hands tied at the wall
WinsByKind      DC.W    0,0,0,0,0,0     ; [kind][player]: knock, gin, undercut
LogN            DC.W    0               ; hands in the log (LogHand, the Score Sheet)
LogRes          DS.W    LOG_MAX         ;   each: winner << 8 | RES_... (a tie: RES_WALL)
LogPts          DS.W    LOG_MAX         ;   and the points it scored
NewCard         DC.W    NO_CARD         ; the card drawn last (F/X frames it)
Target          DC.W    100
KnockLimit      DC.W    STANDARD_LIMIT
Mult            DC.W    1
SeedLo          DC.W    0
SeedHi          DC.W    0
GameEnded       DC.W    0
GameWinner      DC.W    0
Shutout         DC.W    0
NetScore        DC.W    0
Knocker         DC.W    0
KnockDw         DC.W    0
DefDw           DC.W    0
ResKind         DC.W    0
ResWinner       DC.W    0
ResPoints       DC.W    0
KMeldN          DC.W    0               ; the knocker's melds (GK_Canon keys)
KHi             DC.W    0,0,0,0
KLo             DC.W    0,0,0,0
DefHand         DS.B    Hand.Size
LaidOff         DS.B    Hand.Size       ; cards the defender laid off
GameStateEnd
GameDeckCount   DC.W    0               ; deals recorded this game
PrevCount       DC.W    0               ; deals of the previous game (Replay Cards)
PrevDealer      DC.W    0
PrevBySeat      DC.W    1               ; PrevDecks by seat (0: deck orders, an old file)
SeatTmp         DC.W    0
SeatDir         DC.W    0               ; SeatCopy: 0 Deck -> GameDecks, 1 PrevDecks -> Deck
GameDecks       DS.B    MAX_HANDS*CARDS_IN_DECK ; by seat (SeatsFromDeck)
PrevDecks       DS.B    MAX_HANDS*CARDS_IN_DECK
PrevDecksEnd
GameSaved       DC.W    0               ; 1: a saved game is on the disk (files.asm)
QuitFlag        DC.W    0
LastItem        DC.W    0
TableWin        DC.L    0

; ---- scratch --------------------------------------------------------------------------
HitCode         DC.W    0
MenuTmp         DC.W    0
MulA            DC.W    0,0
DealI           DC.W    0
DrawCard0       DC.W    0
DrawCard1       DC.W    0
DrawHigh        DC.W    0               ; who drew high for deal
DrawShown       DC.W    0               ; 1: the drawn cards are on the table (hand 1)
PosPers         DC.W    0
PosDec          DC.W    0
SubMask         DS.B    Hand.Size       ; BestDefence: the cards laid off being tried
ArmN            DC.W    0               ; Arms: 2 * arms
ArmStart        DS.W    MAX_ARMS        ;   each arm's first card in ArmCard (2 * index)
ArmLen          DS.W    MAX_ARMS        ;   and its length
ArmPick         DS.W    MAX_ARMS        ; BestDefence's odometer: cards taken from each
ArmCard         DS.W    MAX_ARM_CARDS   ; the arms' cards, in order
ArmCardN        DC.W    0
ArmLeft         DC.W    0
ArmAt           DC.W    0
ArmRank         DC.W    0
ArmSuitBase     DC.W    0
ArmTmp          DC.W    0
DwCalls         DC.W    0               ; GK_Deadwood calls of the last BestDefence
SubCount        DC.W    0
BestCount       DC.W    0
MeldI           DC.W    0
ReachRun        DC.W    0
CardH           DC.W    0
CardV           DC.W    0
CardNum         DC.W    0
CardSuit        DC.W    0
CardRank        DC.W    0
CardRect        DC.W    0,0,0,0
LayPlayer       DC.W    0
LayHand         DS.B    Hand.Size
LayN            DC.W    0               ; 2 * cards laid out
LayCard         DS.B    2*12
LayH            DS.B    2*12
LayV            DS.B    2*12
LayX            DC.W    0
LayY            DC.W    0
LaySuitI        DC.W    0
LayRankI        DC.W    0
LayLeft         DC.W    0               ; ranks of a run still to look at
LayMeldI        DC.W    0
SlideCard       DC.W    0               ; F/X (table.asm Slide): the card or NO_CARD
SlideH0         DC.W    0               ;   from (h, v)
SlideV0         DC.W    0
SlideH1         DC.W    0               ;   to (h, v)
SlideV1         DC.W    0
SlideN          DC.W    0               ;   steps from start to end
SlideK          DC.W    0               ;   the step being drawn
SlideKeep       DC.W    0               ;   nonzero: the card stays drawn at the end
SlideD          DC.W    0
FxTick          DC.W    0               ;   the tick the last frame was drawn in
LayEnds         DS.W    4               ; LayMelds: each meld's end in LayCard (2 * cards)
LayDw           DC.W    0               ; LayMelds: the arrangement's deadwood
EndPlayer       DC.W    0               ; EndLine: the player, the card index, the meld
EndI            DC.W    0
EndM            DC.W    0
EndStop         DC.W    0
LayMask         DC.W    0
LayExtra        DS.B    Hand.Size       ; LayMelds: cards laid off onto these melds
JoinTmp         DC.W    0
MsgPtr          DC.W    0
MsgCount        DC.W    0
MsgTmp          DC.W    0
MsgTmp2         DC.W    0
MsgTmp3         DC.W    0
DigitBuf        DS.B    12
Build           DS.B    MSG_MAX+2       ; the message being built (Pascal string)
MsgLine1        DS.B    MSG_MAX+2
MsgLine2        DS.B    MSG_MAX+2
SHEET_ROWS      EQU     9
SHEET_WIDTH     EQU     128
SheetN          DC.W    0               ; 2 * lines
SheetP          DC.W    0
SheetLines      DS.B    SHEET_ROWS*SHEET_WIDTH

; ---- the files' buffer (files.asm) -----------------------------------------------------
; The saved game (SETTINGS:GIN.GAME): magic, version, the GameParts, a checksum; FileBuf
; holds it and two bytes more (a longer file shows itself), more than GIN.PREFS and
; HISTORY need.
GAME_SUM        EQU     GAME_BODY_AT+SETTINGS_SIZE+GameStateEnd-GameState+PrevDecksEnd-GameDeckCount+CARDS_IN_DECK+4+8+2*(MSG_MAX+2)+2*RulesRec.Size+Holly.Size
GAME_SIZE       EQU     GAME_SUM+2
FileBuf         DS.B    GAME_SIZE+2

; ---- constant tables ------------------------------------------------------------------
RankBit         DC.W    $0001,$0002,$0004,$0008,$0010,$0020,$0040
                DC.W    $0080,$0100,$0200,$0400,$0800,$1000
RankText                                ; three bytes each: a Pascal string of 1-2
        DC.B    1,'A',0, 1,'2',0, 1,'3',0, 1,'4',0, 1,'5',0, 1,'6',0, 1,'7',0
        DC.B    1,'8',0, 1,'9',0, 2,'10', 1,'J',0, 1,'Q',0, 1,'K',0
PersNames
        DC.W    NmIrv,NmWilly,NmSonia,NmMort,NmBernie,NmPhyllis,NmShark,NmHuman,NmKing
Pronouns                                ; PRONOUN_... of each player kind
        DC.W    PRONOUN_HE,PRONOUN_HE,PRONOUN_SHE,PRONOUN_HE,PRONOUN_HE,PRONOUN_SHE
        DC.W    PRONOUN_HE,PRONOUN_THEY,PRONOUN_HE
ContentRect     DC.W    0,0,CONTENT_BOTTOM,CONTENT_RIGHT

        STRING  PASCAL
NmIrv           DC.B    'Irv'
NmWilly         DC.B    'Willy'
NmSonia         DC.B    'Sonia'
NmMort          DC.B    'Mort'
NmBernie        DC.B    'Bernie'
NmPhyllis       DC.B    'Phyllis'
NmShark         DC.B    'Shark'
NmHuman         DC.B    'Human'
NmKing          DC.B    'King'
TwinMark        DC.B    ' 2'            ; the second of two alike (MsgName)
TitleStr        DC.B    'Gin King'
StartStr        DC.B    'Choose New Game from the File menu to deal.'
KnockStr        DC.B    'knock?'
DrawnStr        DC.B    'Drawn for deal:'
WindowTitle     DC.B    'Gin King'
DecideFailMsg   DC.B    'The engine refused a decision: the game is corrupt. '
        STRING  ASIS

; ---- the menus (Menu Manager, NewMenu): title line, item lines, "." ends a menu ----------
AppleMenu
        DC.B    '>>@\XN1',0
        DC.B    '--About Gin King...\N256',0
        DC.B    '--Help...\N257V',0
        DC.B    '.',0
FileMenu
        DC.B    '>> File \N2',0
        DC.B    '--New Game\N258*Nn',0
        DC.B    '--Resume Game\N275',0
        DC.B    '--Save Settings\N259*Ss',0
        DC.B    '--End Game\N260*Ee',0
        DC.B    '--Quit\N261*Qq',0
        DC.B    '.',0
EditMenu
        DC.B    '>> Edit \N3',0
        DC.B    '--Undo\N262*Zz',0
        DC.B    '.',0
SettingsMenu
        DC.B    '>> Settings \N4',0
        DC.B    '--Game Settings...\N263',0
        DC.B    '--Tournament Mode\N264',0
        DC.B    '--Enter Name...\N265',0
        DC.B    '--Players...\N266',0
        DC.B    '--House Rules...\N276',0
        DC.B    '.',0
OptionsMenu
        DC.B    '>> Options \N5',0
        DC.B    '--Sound\N267',0
        DC.B    '--F/X\N268',0
        DC.B    '--Computer Visible\N269',0
        DC.B    '--Advice\N270*Aa',0
        DC.B    '--Show History\N271',0
        DC.B    '--Show Cards\N272',0
        DC.B    '--Statistics...\N273',0
        DC.B    '--Score Sheet\N274*Tt',0
        DC.B    '.',0

; ---- the table window: NewWindow parameters, 78 bytes (window.h) -------------------------
TableParams
        DC.W    78                      ; paramLength
        DC.W    $0020                   ; visible; no title bar, not movable
        DC.L    WindowTitle             ; wTitle
        DC.L    0                       ; wRefCon
        DC.W    0,0,0,0                 ; wZoom
        DC.L    0                       ; wColor
        DC.W    0,0                     ; wYOrigin, wXOrigin
        DC.W    0,0,0,0                 ; wDataH, wDataW, wMaxH, wMaxW
        DC.W    0,0,0,0                 ; wScrollVer/Hor, wPageVer/Hor
        DC.L    0                       ; wInfoRefCon
        DC.W    0                       ; wInfoHeight
        DC.L    0,0                     ; wFrameDefProc, wInfoDefProc
        DC.L    DrawTable               ; wContDefProc: TaskMaster draws updates
        DC.W    CONTENT_V0,CONTENT_H0,CONTENT_V0+CONTENT_BOTTOM,CONTENT_H0+CONTENT_RIGHT ; wPosition
        DC.L    $FFFFFFFF               ; wPlane: in front
        DC.L    0                       ; wStorage: the Window Manager allocates

; HandCursor — the pointing hand over the upcard (manual, "Drawing"): a QuickDraw II
;   Cursor record (Toolbox Reference vol. 2, ch. 16): height, width in words, image,
;   mask, hot spot (v, h) at the fingertip. 640-mode pixels, B black, W white:
;     ......BB........
;     .....BWWB.......
;     .....BWWB.......
;     .....BWWBBBB....
;     .....BWWBWWBBB..
;     ..BB.BWWBWWBWWB.
;     .BWWBBWWWWWWWWB.
;     .BWWWWWWWWWWWWB.
;     ..BWWWWWWWWWWB..
;     ...BWWWWWWWWB...
;     ....BWWWWWWB....
;     ....BBBBBBBB....
HandCursor
        DC.W    12,2               ; cursorHeight, cursorWidth (words)
        DC.B    $00,$00,$00,$00,$00,$0F,$00,$00    ; cursorImage
        DC.B    $00,$0F,$00,$00,$00,$0F,$00,$00
        DC.B    $00,$0F,$3C,$00,$00,$0F,$3C,$F0
        DC.B    $0F,$0F,$FF,$F0,$0F,$FF,$FF,$F0
        DC.B    $03,$FF,$FF,$C0,$00,$FF,$FF,$00
        DC.B    $00,$3F,$FC,$00,$00,$00,$00,$00
        DC.B    $00,$0F,$00,$00,$00,$3F,$C0,$00    ; cursorMask
        DC.B    $00,$3F,$C0,$00,$00,$3F,$FF,$00
        DC.B    $00,$3F,$FF,$F0,$0F,$3F,$FF,$FC
        DC.B    $3F,$FF,$FF,$FC,$3F,$FF,$FF,$FC
        DC.B    $0F,$FF,$FF,$F0,$03,$FF,$FF,$C0
        DC.B    $00,$FF,$FF,$00,$00,$FF,$FF,$00
        DC.W    0,6                     ; cursorHotSpot (v, h)

; CountNouns — the nouns a count is written with (MsgQuantity: "1 point", "2 points"),
;   singular, as Pascal strings; the list ends with 0.
CountNouns      DC.W    NounPoint,NounHand,NounCard,0
NounPoint       DC.B    5,'point'
NounHand        DC.B    4,'hand'
NounCard        DC.B    4,'card'
