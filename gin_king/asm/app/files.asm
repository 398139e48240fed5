; files.asm — the settings file and the tournament record, through GS/OS class-1 calls
; (GS/OS Reference; ORCA/C gsos.h; ProDOS File Type Notes). Included into main.asm.
;
; SETTINGS:GIN.PREFS ($5A CFG, aux $0000: a fixed, self-explanatory name) holds the
; settings and the deals of the last game (for Replay Cards); SETTINGS:HISTORY ($F1, a
; user type, aux $0000) holds the tournament record: per player name, per personality,
; games won, games lost and net points (version 2: King's column too; a version 1 record
; is widened when read). Both are written whole (WriteWhole): to a .NEW file first,
; then the old one is destroyed and the new one renamed, so a failed save never leaves
; a half-written file in place of a good one, and a .NEW the disk did not take whole is
; removed. Every file is read one way (LoadSaved, a SavedFile each): the file, or when a
; kill came between the Destroy and the rename, its sound .NEW put in place. A file that
; does not read back whole, with the right magic, version and checksum, is set aside as
; a .BAD file and said (SetAside, SayAside: GIN.PREFS, GIN.GAME, STATS, HISTORY); the
; defaults stand.
; SETTINGS:STATS (stats.asm) holds the statistics, written the same way; FileBuf holds
; any of the three (the statistics, 1,192 bytes, are the smallest).

PREFS_MAGIC     EQU     $4B47          ; the bytes 'G','K'
PREFS_VERSION   EQU     3               ; version 2 followed by the house rules (PrefsRules)
PREFS_BY_SEAT   EQU     2               ; the deals by seat: no house rule set (as before)
PREFS_ORDERS    EQU     1               ; an older file: the deals as deck orders
MAX_BONUS       EQU     999             ; a house rule's bonus points (the dialog's bound)
HIST_MAGIC      EQU     $4847          ; the bytes 'G','H'
HIST_VERSION    EQU     2               ; 2: a column per player kind (King's too)
HIST_V1         EQU     1               ; 1: seven columns, Irv .. Shark (still read)
HIST_NAMES      EQU     12              ; players kept in the record
HIST_OPPONENTS  EQU     PLAYER_KINDS    ; a column per kind (Human's, 7, stays empty)
HIST_V1_OPPONENTS EQU   7               ; version 1: Irv .. Shark
CFG_TYPE        EQU     $5A
HIST_TYPE       EQU     $F1
GAME_MAGIC      EQU     $5247          ; the bytes 'G','R'
GAME_VERSION    EQU     1
GAME_TYPE       EQU     $F2
GAME_BODY_AT    EQU     4               ; the state after magic and version
FILE_NOT_FOUND  EQU     $46             ; GS/OS errors: no such file, no such folder
PATH_NOT_FOUND  EQU     $44
VOLUME_FULL     EQU     $48             ;   the disk is full
WRITE_PROTECTED EQU     $2B             ;   the disk is write-protected
ACCESS_ALL      EQU     $C3             ; destroy, rename, write, read (ORCALib)
ACCESS_RENAME   EQU     $40             ; (a locked file has it clear)
READ_ACCESS     EQU     1
WRITE_ACCESS    EQU     2

; the settings file's layout
Prefs   RECORD  0
magic   DS.W    1
version DS.W    1
settings DS.B   SETTINGS_SIZE
count   DS.W    1                       ; deals recorded
dealer  DS.W    1                       ; the game's first dealer
decks   DS.B    MAX_HANDS*CARDS_IN_DECK ; by seat (play.asm SeatsFromDeck)
sum     DS.W    1                       ; the words above added up
Size    EQU     *
        ENDR

; version 3: the house rules after version 2's record (written only when one is set or
; the game is to 250 points, so the manual's game saves exactly the version 2 file); their
; own checksum ends the file
PrefsRules RECORD Prefs.Size
rules   DS.B    RulesRec.Size           ; SetRules (RulesRec; .points unused)
rsum    DS.W    1                       ; the words of the whole file above added up
Size    EQU     *
        ENDR

; SavedFile — a file the program keeps in SETTINGS, as LoadSaved reads it and SetAside
;   and SayAside set it aside (PrefsFile, GameFile, HistFile; stats.asm StatsFile)
SavedFile RECORD 0
path    DS.W    1                       ; SETTINGS:NAME (a GSString in this bank)
new     DS.W    1                       ; SETTINGS:NAME.NEW, the save being written
bad     DS.W    1                       ; SETTINGS:NAME.BAD, a damaged file kept
bad2    DS.W    1                       ; SETTINGS:NAME.BAD2, when a locked .BAD is there
most    DS.W    1                       ; bytes to read: the largest sound size + 2
sound   DS.W    1                       ; routine: FileBuf's A bytes sound? (carry clear)
what    DS.W    1                       ; the alert's head, e.g. 'The settings file was damaged: '
after   DS.W    1                       ; its end, e.g. 'the settings start again ...'
kept    DS.W    1                       ; (out of SetAside) the path the damaged file has
Size    EQU     *
        ENDR

; one player's tournament record
HistEntry RECORD 0
name    DS.B    NAME_MAX+1              ; Pascal string
won     DS.W    HIST_OPPONENTS          ; games won against each personality
lost    DS.W    HIST_OPPONENTS
points  DS.W    HIST_OPPONENTS          ; net points (signed)
Size    EQU     *
        ENDR
History RECORD  0
magic   DS.W    1
version DS.W    1
count   DS.W    1
entries DS.B    HIST_NAMES*HistEntry.Size
sum     DS.W    1
Size    EQU     *
        ENDR

; version 1 of the record (before King): the same, with seven columns
HistEntryV1 RECORD 0
name    DS.B    NAME_MAX+1
won     DS.W    HIST_V1_OPPONENTS
lost    DS.W    HIST_V1_OPPONENTS
points  DS.W    HIST_V1_OPPONENTS
Size    EQU     *
        ENDR
HistoryV1 RECORD 0
magic   DS.W    1
version DS.W    1
count   DS.W    1
entries DS.B    HIST_NAMES*HistEntryV1.Size
sum     DS.W    1
Size    EQU     *
        ENDR

; ------------------------------------------------------------------------------------
; LoadSettings — at start: SETTINGS:GIN.PREFS when it is sound (its settings in range),
;   else the defaults. The previous game's deals come with it. A file that is there but
;   not sound (a size that is neither version's, a wrong magic, version or checksum, a
;   setting out of range; an empty file too: PrefsSound) is set aside (GIN.PREFS.BAD,
;   PrefsAside) and marked for SayPrefsDamaged, which tells it once the table is up.
;   Read through LoadSaved: a save cut short after the old file went leaves a sound
;   GIN.PREFS.NEW, which is the file (renamed into place); an unsound .NEW is removed.
;   Out: SettingsLoaded = 1 when the file was used; PrefsDamaged = 1 when it was set
;   aside.  Clobbers A, X, Y, FileBuf, Zp.ptr.
; ------------------------------------------------------------------------------------
LoadSettings
        JSR     UseDefaults
        LDX     #PrefsFile
        JSR     LoadSaved
        BCC     @use
        CMP     #0                      ; no file: the defaults, nothing to say
        BEQ     @none
        JMP     PrefsAside              ; there but not sound (an empty file too)
@none   RTS
@use    LDX     #0                      ; sound: use it
@set    LDA     FileBuf+Prefs.settings,X
        STA     Settings,X
        INX
        INX
        CPX     #SETTINGS_SIZE
        BCC     @set
        LDA     FileBuf+Prefs.count
        STA     PrevCount
        LDA     FileBuf+Prefs.dealer
        AND     #1
        STA     PrevDealer
        LDX     #0                      ; 1 for by seat, 0 for deck orders
        LDA     FileBuf+Prefs.version
        CMP     #PREFS_ORDERS
        BEQ     @orders
        INX
@orders STX     PrevBySeat
        CMP     #PREFS_VERSION          ; version 3: the house rules
        BNE     @nrules
        LDX     #RulesRec.Size-2
@rules  LDA     FileBuf+PrefsRules.rules,X
        STA     SetRules,X
        DEX
        DEX
        BPL     @rules
@nrules
        LDX     #0
@decks  LDA     FileBuf+Prefs.decks,X
        STA     PrevDecks,X
        INX
        INX
        CPX     #MAX_HANDS*CARDS_IN_DECK
        BCC     @decks
        INC     SettingsLoaded
        RTS

; PrefsSound — are FileBuf's A bytes a sound GIN.PREFS: version 3's size (the house
;   rules sound: RulesSound) or version 2's or 1's (not 250 points), the magic, the
;   checksum, every setting within its range, no more than MAX_HANDS deals?
;   Out: carry clear when so.  Clobbers A, X, Y, Zp.ptr.
PrefsSound
        CMP     #PrefsRules.Size        ; version 3 (with the house rules)?
        BEQ     @v3
        CMP     #Prefs.Size             ; else version 2 or 1: no house rules
        BNE     @bad
        LDA     FileBuf+Prefs.settings+SetPoints-Settings
        CMP     #POINTS_250             ; (250 points come with version 3 only)
        BEQ     @bad
        LDA     FileBuf+Prefs.version
        CMP     #PREFS_BY_SEAT
        BEQ     @read
        CMP     #PREFS_ORDERS
        BEQ     @read
        BRA     @bad
@v3     LDA     FileBuf+Prefs.version
        CMP     #PREFS_VERSION
        BNE     @bad
        JSR     RulesSound
        BCS     @bad
@read   LDA     FileBuf+Prefs.magic
        CMP     #PREFS_MAGIC
        BNE     @bad
        LDX     #Prefs.sum
        JSR     Checksum
        CMP     FileBuf+Prefs.sum
        BNE     @bad
        LDX     #FileBuf+Prefs.settings ; every setting within its range?
        JSR     SettingsSound
        BCS     @bad
        LDA     FileBuf+Prefs.count
        CMP     #MAX_HANDS+1            ; (carry clear: below)
        RTS
@bad    SEC
        RTS

; LoadSettingsL — LoadSettings alone, for the tests (JSL, any B): a settings file's
;   verdict without a whole start (tests/app/test_app_damaged_prefs.py).
LoadSettingsL
        PHB
        PHK
        PLB
        JSR     LoadSettings
        PLB
        RTL

; PrefsAside — a damaged SETTINGS:GIN.PREFS set aside (SetAside: GIN.PREFS.BAD, or
;   .BAD2 past a locked .BAD, or where it is) and PrefsDamaged set; the defaults stand
;   (nothing was taken from it).  Clobbers A, X, Y.
PrefsAside
        LDX     #PrefsFile
        JSR     SetAside
        LDA     #1
        STA     PrefsDamaged
        RTS

; SayPrefsDamaged — once, at start, after the table is drawn: a damaged GIN.PREFS
;   (PrefsAside) said in a caution alert (SayAside).  Clobbers as SayAside.
SayPrefsDamaged
        LDA     PrefsDamaged
        BNE     @say
        RTS
@say    STZ     PrefsDamaged
        LDX     #PrefsFile
        JMP     SayAside

; UseDefaults — Settings := DefaultSettings; no house rule (SetRules := ManualRules).
UseDefaults
        LDX     #0
@copy   LDA     DefaultSettings,X
        STA     Settings,X
        INX
        INX
        CPX     #SETTINGS_SIZE
        BCC     @copy
        JMP     NoHouseRules

; NoHouseRules — SetRules := ManualRules.  Clobbers A, X.
NoHouseRules
        LDX     #RulesRec.Size-2
@copy   LDA     ManualRules,X
        STA     SetRules,X
        DEX
        DEX
        BPL     @copy
        RTS

; SettingsSound — are the settings at X (a copy in FileBuf) within their ranges: each
;   word below its SettingLimits, player 2 and the tutor computers, the name no longer
;   than NAME_MAX?  Out: carry clear when so.  Clobbers A, Y, Zp.ptr.
SettingsSound
        STX     <Zp.ptr
        LDY     #0
@check  LDA     (<Zp.ptr),Y
        CMP     SettingLimits,Y
        BCS     @bad
        INY
        INY
        CPY     #SETTING_WORDS*2
        BCC     @check
        LDY     #SetP2-Settings         ; player 2 and the tutor are computers
        LDA     (<Zp.ptr),Y
        CMP     #HUMAN
        BEQ     @bad
        LDY     #SetTutor-Settings
        LDA     (<Zp.ptr),Y
        CMP     #HUMAN
        BEQ     @bad
        LDY     #PlayerName-Settings
        LDA     (<Zp.ptr),Y
        AND     #$00FF
        CMP     #NAME_MAX+1
        BCS     @bad
        CLC
        RTS
@bad    SEC
        RTS

; HouseRulesSet — Z clear when a house rule is set: SetRules differs from ManualRules,
;   or the points per game are 250 (which a version 2 file cannot hold).
;   Clobbers A, X.
HouseRulesSet
        LDA     SetPoints
        CMP     #POINTS_250
        BNE     @rules
        INC     A                       ; (Z clear)
        RTS
@rules  LDX     #RulesRec.Size-2
@cmp    LDA     SetRules,X
        CMP     ManualRules,X
        BNE     @out
        DEX
        DEX
        BPL     @cmp
        LDA     #0
@out    RTS

; RulesSound — is FileBuf's version 3 tail sound: its checksum, every rule in range (the
;   switches 0 or 1, the box a mode, the bonuses 0 .. MAX_BONUS, the shutout also
;   SHUTOUT_DOUBLE)?  Out: carry clear when it is.  Clobbers A, X.
RulesSound
        LDX     #PrefsRules.rsum
        JSR     Checksum
        CMP     FileBuf+PrefsRules.rsum
        BNE     @bad
        LDX     #FileBuf+PrefsRules.rules
        JMP     RulesInRange
@bad    SEC
        RTS

; RulesInRange — is the RulesRec at X (a copy in FileBuf) within its ranges: the
;   switches 0 or 1, the box a mode, the bonuses 0 .. MAX_BONUS, the shutout also
;   SHUTOUT_DOUBLE?  Out: carry clear when so.  Clobbers A, Y, Zp.ptr.
RulesInRange
        STX     <Zp.ptr
        LDY     #RulesRec.Size-2
@each   LDA     (<Zp.ptr),Y
        CMP     RuleLimits,Y
        BCC     @next
        CPY     #RulesRec.shutout       ; the shutout may be "double"
        BNE     @bad
        CMP     #SHUTOUT_DOUBLE
        BNE     @bad
@next   DEY
        DEY
        BPL     @each
        CLC
        RTS
@bad    SEC
        RTS

; RuleLimits — one more than the largest value of each RulesRec word, in order.
RuleLimits
        DC.W    2,2,2,2,2,2,2,MAX_BONUS+1,MAX_BONUS+1,MAX_BONUS+1,BOX_OFF+1
        DC.W    MAX_BONUS+1,MAX_BONUS+1,$FFFF

; SettingLimits — one more than the largest value of each setting word, in order.
SettingLimits
        DC.W    2,POINTS_CHOICES,4,3,2,2,2,2,PLAYER_KINDS,PLAYER_KINDS,PLAYER_KINDS
        DC.W    $FFFF,$FFFF
SETTING_WORDS   EQU     (*-SettingLimits)/2

; ------------------------------------------------------------------------------------
; DoSaveSettings — File/Save Settings: the settings and the last game's deals (the game
;   in progress or just finished, else the previous one) to SETTINGS:GIN.PREFS.
; ------------------------------------------------------------------------------------
DoSaveSettings
        LDA     #PREFS_MAGIC
        STA     FileBuf+Prefs.magic
        LDA     #PREFS_BY_SEAT
        STA     FileBuf+Prefs.version
        LDX     #0
@set    LDA     Settings,X
        STA     FileBuf+Prefs.settings,X
        INX
        INX
        CPX     #SETTINGS_SIZE
        BCC     @set
        LDA     GameDeckCount           ; which deals: this game's, or the previous
        BEQ     @prev
        STA     FileBuf+Prefs.count
        LDA     FirstDealer
        STA     FileBuf+Prefs.dealer
        LDX     #0
@game   LDA     GameDecks,X
        STA     FileBuf+Prefs.decks,X
        INX
        INX
        CPX     #MAX_HANDS*CARDS_IN_DECK
        BCC     @game
        BRA     @sum
@prev   LDA     PrevCount
        STA     FileBuf+Prefs.count
        LDA     PrevBySeat              ; an older file's deck orders stay deck orders
        BNE     @pv
        LDA     #PREFS_ORDERS
        STA     FileBuf+Prefs.version
@pv     LDA     PrevDealer
        STA     FileBuf+Prefs.dealer
        LDX     #0
@pd     LDA     PrevDecks,X
        STA     FileBuf+Prefs.decks,X
        INX
        INX
        CPX     #MAX_HANDS*CARDS_IN_DECK
        BCC     @pd
@sum    LDA     #Prefs.Size             ; the manual's game: version 2 (or 1) as before
        STA     PrefsLen
        JSR     HouseRulesSet
        BEQ     @plain
        LDA     #PREFS_VERSION          ; house rules: version 3, the rules appended
        STA     FileBuf+Prefs.version   ;   (an old file's deck orders are not kept)
        LDA     PrevBySeat
        ORA     GameDeckCount
        BNE     @rules
        STZ     FileBuf+Prefs.count
@rules  LDX     #RulesRec.Size-2
@rcopy  LDA     SetRules,X
        STA     FileBuf+PrefsRules.rules,X
        DEX
        DEX
        BPL     @rcopy
        LDA     #PrefsRules.Size
        STA     PrefsLen
@plain  LDX     #Prefs.sum
        JSR     Checksum
        STA     FileBuf+Prefs.sum
        LDX     #PrefsRules.rsum        ; (version 3: the checksum of the whole)
        JSR     Checksum
        STA     FileBuf+PrefsRules.rsum
        LDA     #PrefsPath
        STA     FilePath
        LDA     #PrefsNew
        STA     FileNew
        LDA     #CFG_TYPE
        STA     CreateParms+8
        LDA     PrefsLen
        JSR     WriteWhole
        BCC     @ok
        JSR     MsgClear                ; the disk refused: say so
        Msg     'The settings could not be saved.'
        JSR     RefuseBuild
        BRA     @tell
@ok     JSR     MsgClear
        Msg     'Settings saved.'
@tell   JSR     MsgNotice               ; (over the computer's move: table.asm)
        JMP     Redraw

; ------------------------------------------------------------------------------------
; Checksum — A = the sum of FileBuf's words below offset X.
; ------------------------------------------------------------------------------------
Checksum
        STX     MsgCount
        LDA     #0
        LDX     #0
@add    CPX     MsgCount
        BCS     @out
        CLC
        ADC     FileBuf,X
        INX
        INX
        BRA     @add
@out    RTS

; ------------------------------------------------------------------------------------
; Transfer — the one GS/OS open-move-close: open the file at path A (a GSString in our
;   bank) with access X (READ_ACCESS or WRITE_ACCESS), read into or write from FileBuf
;   RwParms' request count, close.
;   Out: carry clear and A = the bytes moved; carry set and A = the GS/OS error.
;   Clobbers X.  Cost: the GS/OS calls (Open, Read or Write, Close).
; ------------------------------------------------------------------------------------
Transfer
        STA     OpenParms+4
        STX     OpenParms+8
        _GSOS   $2010,OpenParms         ; Open
        BCS     @out
        LDA     OpenParms+2
        STA     RwParms+2
        STA     CloseParms+2
        LDA     OpenParms+8
        CMP     #READ_ACCESS
        BNE     @write
        _GSOS   $2012,RwParms           ; Read
        BRA     @close
@write  _GSOS   $2013,RwParms           ; Write
@close  PHA                             ; its error and carry through Close
        PHP
        _GSOS   $2014,CloseParms        ; Close
        PLP
        PLA
        BCS     @out
        LDA     RwParms+12              ; transferCount
@out    RTS

; ReadUpTo — read at most X bytes of the file at path A into FileBuf.
;   Out: as Transfer (carry clear, A = the bytes read).
ReadUpTo
        STX     RwParms+8
        LDX     #READ_ACCESS
        JMP     Transfer

; ------------------------------------------------------------------------------------
; ReadWhole — read X bytes of the file at path A into FileBuf.
;   Out: carry clear when exactly X bytes were read.
; ------------------------------------------------------------------------------------
ReadWhole
        JSR     ReadUpTo
        BCS     @fail
        CMP     RwParms+8               ; transferCount = requestCount?
        BNE     @fail
        CLC
        RTS
@fail   SEC
        RTS

; ------------------------------------------------------------------------------------
; WriteWhole — A bytes of FileBuf become the file FilePath: written to FileNew (type
;   CreateParms+8), then the old file destroyed and the new one renamed. A .NEW the disk
;   did not take whole (full, or refused) is removed and the old file stays as it was;
;   so is one the old file would not make way for (locked). Only a kill leaves a .NEW:
;   whole when it came after the Close (LoadSaved takes it when the old file has gone),
;   cut short before (LoadSaved removes it).
;   Out: carry clear on success; carry set, A = the GS/OS error (VOLUME_FULL for a Write
;   that moved fewer bytes than asked).  Clobbers X.
; ------------------------------------------------------------------------------------
WriteWhole
        STA     RwParms+8
        LDA     FileNew                 ; a .NEW left by a failed save: away with it
        JSR     DestroyFile
        LDA     FileNew
        STA     CreateParms+2
        _GSOS   $2001,CreateParms       ; Create
        BCS     @out                    ; (nothing made)
        LDA     FileNew
        LDX     #WRITE_ACCESS
        JSR     Transfer
        BCS     @clear
        CMP     RwParms+8
        BEQ     @place
        LDA     #VOLUME_FULL            ; written short: the disk filled
        BRA     @clear
@place  LDA     FilePath                ; the old file goes (none yet: no matter) ...
        JSR     DestroyFile
        BCC     @rename
        CMP     #FILE_NOT_FOUND
        BNE     @clear                  ; it will not (locked): it stays, the new goes
@rename LDA     FileNew                 ; ... and the new one takes its name
        LDX     FilePath
        JMP     RenameFile              ; (failing, the .NEW is the save: LoadSaved)
@clear  PHA                             ; the .NEW is not the save: removed
        LDA     FileNew
        JSR     DestroyFile
        PLA
        SEC
@out    RTS

; RenameFile — GS/OS ChangePath: the file at path A is renamed path X.  Out: carry.
RenameFile
        STA     RenameParms+2
        STX     RenameParms+6
        _GSOS   $2004,RenameParms       ; ChangePath
        RTS

; DestroyFile — GS/OS Destroy of the file at path A (none there: no matter).
;   Out: carry clear when destroyed, else A = the GS/OS error.
DestroyFile
        STA     DestroyParms+2
        _GSOS   $2002,DestroyParms
        RTS

; FileThere — is there a file at path A (GS/OS GetFileInfo)?  Out: carry clear when so,
;   its access at InfoParms+6.
FileThere
        STA     InfoParms+2
        _GSOS   $2006,InfoParms
        RTS

; ------------------------------------------------------------------------------------
; LoadSaved — the file a SavedFile describes into FileBuf: the one way every loader
;   reads (LoadSettings, GameOnDisk, LoadHistory, stats.asm StatLoad). Its main file when
;   that is there (a .NEW beside it is a save that never replaced it: removed). With no
;   main file, its .NEW: a sound one is a save a kill cut short between WriteWhole's
;   Destroy and its rename, the file saved: renamed into place and used; one that is not
;   sound (cut short while written, by a kill or a full disk) is removed: no file.
;   In: X = the SavedFile.  Out: carry clear: FileBuf holds the sound file; carry set:
;   A = 0 no file, 1 the main file is there but not sound (for SetAside).
;   Clobbers A, X, Y, SavedAt, SavedGot and what the file's sound routine clobbers.
;   Cost: the file's sound routine and the GS/OS calls: Open, Read, Close of the main
;   file and a Destroy of the .NEW (none there: one call); with no main file, the .NEW's.
; ------------------------------------------------------------------------------------
LoadSaved
        STX     SavedAt
        LDA     |SavedFile.path,X
        JSR     ReadSavedAs
        BCC     @main
        CMP     #FILE_NOT_FOUND
        BEQ     @new
        CMP     #PATH_NOT_FOUND
        BEQ     @new
        JSR     DropNew                 ; there but unreadable (an empty file too)
        BRA     @bad
@main   STA     SavedGot
        JSR     DropNew
        LDA     SavedGot
        JSR     SavedSound
        BCC     @out
@bad    LDA     #1
        SEC
@out    RTS
@new    LDX     SavedAt                 ; no main file: a save cut short?
        LDA     |SavedFile.new,X
        JSR     ReadSavedAs
        BCS     @drop                   ; (none there, or unreadable)
        JSR     SavedSound
        BCS     @drop
        LDX     SavedAt                 ; sound: the file saved, put in place
        LDA     |SavedFile.path,X
        TAY
        LDA     |SavedFile.new,X
        TYX
        JSR     RenameFile
        CLC
        RTS
@drop   JSR     DropNew
        LDA     #0
        SEC
        RTS

; ReadSavedAs — at most the SavedFile's (SavedAt) `most` bytes of the file at path A
;   into FileBuf (a longer file reads more than any sound size).  Out: as ReadUpTo.
ReadSavedAs
        LDX     SavedAt
        LDY     |SavedFile.most,X
        TYX
        JMP     ReadUpTo

; DropNew — the SavedFile's (SavedAt) .NEW destroyed (none there: no matter).
DropNew
        LDX     SavedAt
        LDA     |SavedFile.new,X
        JMP     DestroyFile

; SavedSound — the SavedFile's (SavedAt) sound routine on FileBuf's A bytes.
;   Out: carry clear when sound.
SavedSound
        LDX     SavedAt
        JMP     (SavedFile.sound,X)

; ------------------------------------------------------------------------------------
; SetAside — the damaged main file of a SavedFile is kept under another name, never
;   destroyed: NAME.BAD (an older one replaced); when a .BAD cannot be replaced (it is
;   locked), NAME.BAD2 (likewise); when neither can be had, or the file itself is locked
;   (then no older .BAD is touched), it stays under its own name until a save replaces
;   it. SayAside says which.
;   In: X = the SavedFile.  Out: its .kept = the path the damaged file has now.
;   Clobbers A, X, Y, SavedAt, AsideTo.
; SetAsideSaid — SetAside, then SayAside at once (HISTORY, STATS, GIN.GAME).
; ------------------------------------------------------------------------------------
SetAside
        STX     SavedAt
        LDA     |SavedFile.path,X       ; can it be renamed at all (not locked)?
        JSR     FileThere
        BCS     @stays
        LDA     InfoParms+6             ; (its access)
        AND     #ACCESS_RENAME
        BEQ     @stays
        LDX     SavedAt
        LDA     |SavedFile.bad,X
        JSR     AsideAs
        BCC     @kept
        LDX     SavedAt
        LDA     |SavedFile.bad2,X
        JSR     AsideAs
        BCC     @kept
@stays  LDX     SavedAt                 ; neither: it stays
        LDA     |SavedFile.path,X
@kept   LDX     SavedAt
        STA     |SavedFile.kept,X
        RTS

; AsideAs — the SavedFile's (SavedAt) main file renamed path A, a file there destroyed
;   first.  Out: carry clear when renamed; A = path A.  Clobbers X, AsideTo.
AsideAs
        STA     AsideTo
        JSR     DestroyFile
        LDX     SavedAt
        LDA     |SavedFile.path,X
        LDX     AsideTo
        JSR     RenameFile
        LDA     AsideTo
        RTS

SetAsideSaid
        PHX
        JSR     SetAside
        PLX
; SayAside — a SavedFile's damaged file said in a caution alert, as SetAside left it:
;   "<what>it is kept as SETTINGS:NAME.BAD and <after>", or when it could not move
;   "<what>it could not be renamed, so it stays as SETTINGS:NAME until a save replaces
;   it, and <after>" (every path in the SETTINGS:NAME form).
;   In: X = the SavedFile.  Clobbers A, X, Y, SavedAt, AsideTo, AdvText (and TellCaution's).
SayAside
        STX     SavedAt
        STZ     AdvLen
        LDA     |SavedFile.what,X
        TAX
        JSR     AdvAppendPStr
        LDX     SavedAt
        LDA     |SavedFile.kept,X
        CMP     |SavedFile.path,X
        BNE     @moved
        LDA     #AsideStays
        LDY     #AsideUntil
        BRA     @name
@moved  LDA     #AsideKept
        LDY     #AsideAnd
@name   STY     AsideTo                 ; (the words after the path)
        TAX
        JSR     AdvAppendPStr
        LDX     SavedAt
        LDA     |SavedFile.kept,X
        TAX
        JSR     AdvAppendPath
        LDX     AsideTo
        JSR     AdvAppendPStr
        LDX     SavedAt
        LDA     |SavedFile.after,X
        TAX
        JSR     AdvAppendPStr
        JSR     Beep
        JMP     TellCaution

; AdvAppendPath — append the path at X (a GSString in this bank) to AdvText.
;   Clobbers A, X, Y, MsgCount.
AdvAppendPath
        LDA     |$0000,X
        STA     MsgCount
        INX                             ; its bytes from X+2: AdvAppendCount's X+1
        JMP     AdvAppendCount

SavedAt         DC.W    0               ; the SavedFile in hand
SavedGot        DC.W    0               ; the bytes its main file read
AsideTo         DC.W    0
        STRING  PASCAL
AsideKept       DC.B    'it is kept as '
AsideAnd        DC.B    ' and '
AsideStays      DC.B    'it could not be renamed, so it stays as '
AsideUntil      DC.B    ' until a save replaces it, and '
        STRING  ASIS

; ------------------------------------------------------------------------------------
; QuitSave — File/Quit's save of the game in progress (SaveGame). When the disk refuses
;   it, a caution alert says so before the program quits: why (the disk full,
;   write-protected, or refusing it) and what stays: SETTINGS:GIN.GAME as it was saved
;   last (WriteWhole leaves the old file whole), or no game to resume. A tournament game
;   is then asked about (DoQuit: ForfeitAsked), which says what becomes of it.
;   Out: carry clear when saved.  Clobbers A, X, Y, FileBuf, AdvText (and TellCaution's).
; ------------------------------------------------------------------------------------
QuitSave
        JSR     SaveGame
        BCC     @out
        LDX     #NotSavedRefused        ; why
        CMP     #VOLUME_FULL
        BNE     @wp
        LDX     #NotSavedFull
@wp     CMP     #WRITE_PROTECTED
        BNE     @why
        LDX     #NotSavedLocked
@why    STZ     AdvLen
        PHX
        LDX     #NotSavedHead
        JSR     AdvAppendPStr
        PLX
        JSR     AdvAppendPStr
        JSR     TournamentOn            ; what stays (a tournament game: ForfeitAsked)
        BCS     @say
        LDA     #GamePath
        JSR     FileThere
        LDX     #NotSavedNone
        BCS     @stays
        LDX     #NotSavedKept
@stays  JSR     AdvAppendPStr
@say    JSR     Beep
        JSR     TellCaution
        SEC
@out    RTS

        STRING  PASCAL
NotSavedHead    DC.B    'The game could not be saved at Quit: '
NotSavedFull    DC.B    'the disk is full.'
NotSavedLocked  DC.B    'the disk is write-protected.'
NotSavedRefused DC.B    'the disk refused it.'
NotSavedKept    DC.B    ' SETTINGS:GIN.GAME keeps it as it was saved last.'
NotSavedNone    DC.B    ' It cannot be resumed.'
        STRING  ASIS

; ------------------------------------------------------------------------------------
; SaveGame — the game in progress to SETTINGS:GIN.GAME (written whole, as GIN.PREFS).
;   Out: carry clear when saved (GameSaved = 1).  Clobbers A, X, Y, FileBuf.
;   Cost: about 165,000 cycles (31 a byte to copy, 22 a word to sum) and the GS/OS calls.
; ------------------------------------------------------------------------------------
SaveGame
        LDA     #GAME_MAGIC
        STA     FileBuf
        LDA     #GAME_VERSION
        STA     FileBuf+2
        LDA     #0                      ; the state into FileBuf
        JSR     GameTransfer
        LDX     #GAME_SUM
        JSR     Checksum
        STA     FileBuf+GAME_SUM
        LDA     #GamePath
        STA     FilePath
        LDA     #GameNew
        STA     FileNew
        LDA     #GAME_TYPE
        STA     CreateParms+8
        LDA     #GAME_SIZE
        JSR     WriteWhole
        BCS     @out
        LDA     #1
        STA     GameSaved
@out    RTS

; DiscardGame — no saved game any more: GIN.GAME.NEW first (so it is never taken for a
;   save cut short), then GIN.GAME.
DiscardGame
        LDA     #GameNew
        JSR     DestroyFile
        LDA     #GamePath
        JSR     DestroyFile
        STZ     GameSaved
        RTS

; ------------------------------------------------------------------------------------
; GameTransfer — copy the game's state, part by part (GameParts), into FileBuf after the
;   magic and version (A = 0), or from there back into place (A = 1).
;   Clobbers A, X, Y, Zp.ptr, Zp.ptr2, GameAt, GameLeft.  Cost: about 31 cycles a byte.
; ------------------------------------------------------------------------------------
GameTransfer
        STA     GameDir
        LDA     #FileBuf+GAME_BODY_AT
        STA     GameAt
        LDX     #0
@part   LDA     GameParts,X             ; ptr -> the part, ptr2 -> its place in FileBuf
        STA     <Zp.ptr
        LDA     GameAt
        STA     <Zp.ptr2
        CLC
        ADC     GameParts+2,X
        STA     GameAt
        LDA     GameParts+2,X
        STA     GameLeft
        LDY     #0
        SEP     #$20
        LONGA   OFF
@byte   LDA     GameDir
        BNE     @in
        LDA     (<Zp.ptr),Y             ; save: state -> file
        STA     (<Zp.ptr2),Y
        BRA     @next
@in     LDA     (<Zp.ptr2),Y            ; restore: file -> state
        STA     (<Zp.ptr),Y
@next   INY
        CPY     GameLeft
        BCC     @byte
        REP     #$20
        LONGA   ON
        INX
        INX
        INX
        INX
        CPX     #GAME_PARTS*4
        BCC     @part
        RTS

; GameWordAt — A = the address of a word of the game's state -> X = its address in
;   FileBuf (the part holding it found in GameParts).  Clobbers A, GameAt, MulA.
GameWordAt
        STA     MulA
        LDA     #FileBuf+GAME_BODY_AT
        STA     GameAt
        LDX     #0
@part   LDA     MulA                    ; the offset into this part
        SEC
        SBC     GameParts,X
        CMP     GameParts+2,X
        BCC     @in
        LDA     GameAt
        CLC
        ADC     GameParts+2,X
        STA     GameAt
        INX
        INX
        INX
        INX
        BRA     @part                   ; (every address asked for is in a part)
@in     CLC
        ADC     GameAt
        TAX
        RTS

; GameSized — are FileBuf's A bytes a sound saved game: GAME_SIZE of them, GameSound?
;   Out: carry clear when so.  Clobbers A, X, Y.
GameSized
        CMP     #GAME_SIZE
        BEQ     GameSound
        SEC
        RTS

; ------------------------------------------------------------------------------------
; GameSound — is FileBuf a sound saved game? Magic, version, checksum; every word of
;   GameLimits below its limit, every card word of GameCards a card or NO_CARD, the
;   settings as LoadSettings wants them, the phase one of a hand, the deck's bytes cards
;   (or UD_OPEN), the pile's cards, the message lines' lengths.
;   Out: carry clear when sound.  Clobbers A, X, Y.
; ------------------------------------------------------------------------------------
GameSound
        LDA     FileBuf
        CMP     #GAME_MAGIC
        BNE     @bad
        LDA     FileBuf+2
        CMP     #GAME_VERSION
        BNE     @bad
        LDX     #GAME_SUM
        JSR     Checksum
        CMP     FileBuf+GAME_SUM
        BNE     @bad
        LDY     #0                      ; the words with a limit
@limit  LDA     GameLimits,Y
        JSR     GameWordAt
        LDA     |0,X
        CMP     GameLimits+2,Y
        BCS     @bad
        INY
        INY
        INY
        INY
        CPY     #GAME_LIMITS*4
        BCC     @limit
        LDY     #0                      ; the card words: a card or NO_CARD
@card   LDA     GameCards,Y
        JSR     GameWordAt
        LDA     |0,X
        INC     A
        CMP     #CARDS_IN_DECK+1
        BCS     @bad
        INY
        INY
        CPY     #GAME_CARDS*2
        BCC     @card
        LDA     #GPhase                 ; a hand being played or just ended
        JSR     GameWordAt
        LDA     |0,X
        CMP     #PH_OFFER
        BCC     @bad
        LDX     #FileBuf+GAME_BODY_AT   ; the settings come first
        JSR     SettingsSound
        BCS     @bad
        LDA     #SetRules               ; the house rules chosen, and the hand's
        JSR     GameWordAt
        JSR     RulesInRange
        BCS     @bad
        LDA     #RulesBlock
        JSR     GameWordAt
        JSR     RulesInRange
        BCS     @bad
        JSR     GameBytesSound
        RTS
@bad    SEC
        RTS

; GameBytesSound — the deck's bytes cards or UD_OPEN, the pile's PileLen bytes cards,
;   the message lines no longer than MSG_MAX.  Out: carry clear when so.
GameBytesSound
        LDA     #PileLen
        JSR     GameWordAt
        LDA     |0,X
        STA     GameLeft
        LDA     #Pile
        JSR     GameWordAt
        LDY     #0
@pile   CPY     GameLeft
        BCS     @deck
        LDA     |0,X
        AND     #$00FF
        CMP     #CARDS_IN_DECK
        BCS     @bad
        INX
        INY
        BRA     @pile
@deck   LDA     #Deck
        JSR     GameWordAt
        LDY     #CARDS_IN_DECK
@dbyte  LDA     |0,X
        AND     #$00FF
        CMP     #UD_OPEN
        BEQ     @dnext
        CMP     #CARDS_IN_DECK
        BCS     @bad
@dnext  INX
        DEY
        BNE     @dbyte
        LDA     #MsgLine1
        JSR     GameWordAt
        LDA     |0,X
        AND     #$00FF
        CMP     #MSG_MAX+1
        BCS     @bad
        LDA     #MsgLine2
        JSR     GameWordAt
        LDA     |0,X
        AND     #$00FF
        CMP     #MSG_MAX+1
        BCS     @bad
        CLC
        RTS
@bad    SEC
        RTS

; ------------------------------------------------------------------------------------
; GameOnDisk — the saved game into FileBuf (LoadSaved): SETTINGS:GIN.GAME, or when it is
;   not there a GIN.GAME.NEW that is sound (a save cut short after the old file went: it
;   is renamed into place).
;   Out: carry clear: FileBuf holds a sound game; carry set: A = 0 none, 1 damaged.
; ------------------------------------------------------------------------------------
GameOnDisk
        LDX     #GameFile
        JMP     LoadSaved

; ------------------------------------------------------------------------------------
; OfferResume — at start: a game left unfinished is offered (an alert: Resume, the
;   default, or Not Now); a damaged one is reported and set aside (GameAside). Not Now
;   (or Escape) leaves it on the disk: File/Resume Game goes on with it later, and only a
;   New Game replaces it (SavedForfeit: a tournament game is then recorded as lost).
; DoResume — File/Resume Game: the saved game, when there is none in progress.
; ------------------------------------------------------------------------------------
RESUME_YES      EQU     1               ; ResumeAlert's buttons (item IDs)
RESUME_LATER    EQU     2

OfferResume
        JSR     GameOnDisk
        BCC     @found
        CMP     #0
        BEQ     @out
        JMP     GameAside
@found  LDA     #1
        STA     GameSaved
        STA     ResumeAsking
        PHA                             ; NoteAlert(@ResumeAlert, nil)
        PushLong ResumeAlert
        PEA     $0000
        PEA     $0000
        _NoteAlert
        PLA
        STZ     ResumeAsking
        CMP     #RESUME_LATER
        BEQ     @out                    ; Not Now: the game stays on the disk
        JMP     ResumeBuf
@out    RTS

DoResume
        JSR     InGame
        BCS     @no
        JSR     GameOnDisk
        BCC     ResumeBuf
        STZ     GameSaved
        CMP     #0
        BEQ     @no
        JMP     GameAside
@no     JMP     Beep

; ResumeBuf — the sound game in FileBuf becomes the game in progress, and goes on: it
;   was saved where the human acts or a hand has ended (the computer had played), so the
;   prompt and the table are all there is to show (AfterMove would save it again).
;   The game brings its own rules for its duration (Game Settings, the players, the
;   house rules); the player's preferences (PrefFields: Sound, F/X, Computer Visible, the
;   advice's player, the name) stay the player's, and the player's settings and house
;   rules are kept (KeptSettings, KeptRules) until the game ends (ResumeEnds; issue 45).
ResumeBuf
        LDX     #SETTINGS_SIZE-2        ; the player's settings and house rules kept
@keep   LDA     Settings,X
        STA     KeptSettings,X
        DEX
        DEX
        BPL     @keep
        LDX     #RulesRec.Size-2
@rules  LDA     SetRules,X
        STA     KeptRules,X
        DEX
        DEX
        BPL     @rules
        LDA     #1
        STA     ResumeKept
        LDA     #1                      ; the game, its settings and rules
        JSR     GameTransfer
        LDA     #KeptSettings           ; the player's preferences over the game's
        LDX     #Settings
        JSR     PrefCopy
        LDA     #1
        STA     GameSaved
        JSR     Prompt
        JMP     Redraw

; ResumeEnds — a resumed game has ended (its score sheet, End Game, the 200th hand): the
;   player's settings and house rules come back (KeptSettings, KeptRules), with the
;   preferences as the player has them now. Nothing when the game was not resumed.
;   Called after the game's record is written (it reads the game's settings).
;   Clobbers A, X, Y, Zp.ptr, Zp.ptr2.
ResumeEnds
        LDA     ResumeKept
        BEQ     @out
        STZ     ResumeKept
        LDA     #Settings               ; the preferences as they are now
        LDX     #KeptSettings
        JSR     PrefCopy
        LDX     #SETTINGS_SIZE-2
@set    LDA     KeptSettings,X
        STA     Settings,X
        DEX
        DEX
        BPL     @set
        LDX     #RulesRec.Size-2
@rules  LDA     KeptRules,X
        STA     SetRules,X
        DEX
        DEX
        BPL     @rules
@out    RTS

; PrefCopy — the player's preferences (PrefFields) from the settings block at A to the
;   one at X; a tournament game's name is the game's (its record's: Enter Name is
;   ghosted while one is on), so not copied then.
;   In: SetTournament (the game's).  Clobbers A, X, Y, Zp.ptr, Zp.ptr2, PrefEnd, PrefLast.
PrefCopy
        STA     <Zp.ptr
        STX     <Zp.ptr2
        LDA     #PREF_FIELDS*4
        LDX     SetTournament
        BEQ     @all
        LDA     #(PREF_FIELDS-1)*4      ; (the name is the last field)
@all    STA     PrefEnd
        LDX     #0
@field  CPX     PrefEnd
        BCS     @out
        LDA     PrefFields,X            ; Y = the field's offset, PrefLast = its end
        TAY
        CLC
        ADC     PrefFields+2,X
        STA     PrefLast
        SEP     #$20
        LONGA   OFF
@byte   LDA     (<Zp.ptr),Y
        STA     (<Zp.ptr2),Y
        INY
        CPY     PrefLast
        BCC     @byte
        REP     #$20
        LONGA   ON
        INX
        INX
        INX
        INX
        BRA     @field
@out    RTS

; PrefFields — the settings that are the player's, not a game's: offset in Settings,
;   bytes. The name last (PrefCopy).
PrefFields
        DC.W    SetSound-Settings,2     ; Options > Sound
        DC.W    SetFX-Settings,2        ; Options > F/X
        DC.W    SetVisible-Settings,2   ; Options > Computer Visible
        DC.W    SetTutor-Settings,2     ; the player who gives the advice
        DC.W    PlayerName-Settings,NAME_MAX+1 ; Settings > Enter Name
PREF_FIELDS     EQU     (*-PrefFields)/4
PrefEnd         DC.W    0
PrefLast        DC.W    0
ResumeKept      DC.W    0               ; 1 while a resumed game is on (KeptSettings)
KeptSettings    DS.B    SETTINGS_SIZE   ; the player's settings while it is
KeptRules       DS.B    RulesRec.Size   ;   and house rules

; GameAside — a damaged SETTINGS:GIN.GAME set aside (SetAside: GIN.GAME.BAD, or .BAD2
;   past a locked .BAD, or where it is, never destroyed) and said in a caution alert;
;   the program goes on with no game.
GameAside
        STZ     GameSaved
        LDX     #GameFile
        JMP     SetAsideSaid

ResumeAsking    DC.W    0               ; 1 while ResumeAlert is up (tests read it)
GameDir         DC.W    0
GameAt          DC.W    0
GameLeft        DC.W    0
ResumeAlert
        DC.W    60,140,120,500
        DC.W    3
        DC.B    $80,$80,$80,$80
        DC.L    ResumeYes,ResumeLater,ResumeMsg,0
ResumeYes DC.W  RESUME_YES,36,250,49,340,$0A
        DC.L    ResumeStr
        DC.W    0,1
        DC.L    0
ResumeLater DC.W RESUME_LATER,36,140,49,230,$0A
        DC.L    NotNowStr
        DC.W    0,0
        DC.L    0
ResumeMsg DC.W  100,8,60,30,350,$800F
        DC.L    ResumeText
        DC.W    0,0
        DC.L    0
        STRING  PASCAL
ResumeStr       DC.B    'Resume'
NotNowStr       DC.B    'Not Now'
ResumeText      DC.B    'A game was left unfinished. Resume it where it stopped? Not Now keeps it for File > Resume Game.'
        STRING  ASIS

; GameParts — the saved game's state: address, bytes (each even), in file order.
GameParts
        DC.W    Settings,SETTINGS_SIZE
        DC.W    GameState,GameStateEnd-GameState
        DC.W    GameDeckCount,PrevDecksEnd-GameDeckCount
        DC.W    Deck,CARDS_IN_DECK      ; the engine's deck: the stock's order
        DC.W    RngLo,4                 ; the engine's generator (RngLo, RngHi)
        DC.W    DrawCard0,8             ; the cards drawn for deal, on the first hand
        DC.W    MsgLine1,2*(MSG_MAX+2)  ; the two message lines
        DC.W    SetRules,RulesRec.Size  ; the house rules the game began with
        DC.W    RulesBlock,RulesRec.Size ; the engine's copy for this hand
        DC.W    HollyBlock,Holly.Size   ; Hollywood's three games
GAME_PARTS      EQU     (*-GameParts)/4

; GameLimits — words of the state and one more than their largest value.
GameLimits
        DC.W    GPhase,PH_HANDOVER+1, Turn,2, Dealer,2, FirstDealer,2, OfferStep,2
        DC.W    Kind,PLAYER_KINDS, Kind+2,PLAYER_KINDS, PileLen,CARDS_IN_DECK+1
        DC.W    StockIdx,CARDS_IN_DECK+1, HandNum,201, KnockLimit,STANDARD_LIMIT+1
        DC.W    Mult,3, GameEnded,2, GameWinner,2, Knocker,2, ResKind,RES_WALL+1
        DC.W    ResWinner,2, KMeldN,2*4+1, GameDeckCount,MAX_HANDS+1
        DC.W    PrevCount,MAX_HANDS+1, PrevDealer,2, PrevBySeat,2
        DC.W    DrawCard0,CARDS_IN_DECK, DrawCard1,CARDS_IN_DECK, DrawHigh,2, DrawShown,2
        DC.W    LogN,LOG_MAX+1          ; the Score Sheet's hands (stats.asm)
        DC.W    HollyBlock+Holly.current,HOLLYWOOD_GAMES, HollyBlock+Holly.closed,GAMES_ALL+1
GAME_LIMITS     EQU     (*-GameLimits)/4
; GameCards — words of the state that hold a card or NO_CARD.
GameCards
        DC.W    Taken,Pending,Upcard,LastDrawn,NewCard
GAME_CARDS      EQU     (*-GameCards)/2

; ------------------------------------------------------------------------------------
; GameFinished — a game has just ended. A tournament game (a human player 1 against a
;   personality) updates the player's record in SETTINGS:HISTORY: won or lost, and the
;   net points, against that personality.
; RecordGame — the same for any game: PlayerName's record against Kind+2, GameWinner
;   (0: won) and NetScore.  Clobbers A, X, Y, FileBuf, Zp.ptr2.
; ------------------------------------------------------------------------------------
GameFinished
        LDA     SetTournament
        BNE     @tour
        RTS
@tour   LDA     Kind
        CMP     #HUMAN
        BEQ     RecordGame
        RTS
RecordGame
        JSR     LoadHistory
        JSR     FindPlayer              ; Zp.ptr2 -> the player's entry
        LDA     Kind+2                  ; X = opponent * 2
        ASL     A
        TAX
        TXA                             ; won[opp]++ or lost[opp]++
        CLC
        ADC     #HistEntry.won
        LDY     GameWinner
        BEQ     @count
        CLC
        ADC     #HistEntry.lost-HistEntry.won
@count  TAY
        LDA     (<Zp.ptr2),Y
        INC     A
        STA     (<Zp.ptr2),Y
        LDA     NetScore                ; points[opp] += net, or -= net when lost
        LDY     GameWinner
        BEQ     @add
        EOR     #$FFFF
        INC     A
@add    PHA
        TXA
        CLC
        ADC     #HistEntry.points
        TAY
        PLA
        CLC
        ADC     (<Zp.ptr2),Y
        STA     (<Zp.ptr2),Y
        JMP     SaveHistory

; ------------------------------------------------------------------------------------
; ForfeitAsked — File/End Game or Quit during a tournament game (a human player 1): a
;   caution alert says the game is then recorded as lost (no points); OK records it so
;   and discards the saved game (a Quit's save the disk refused leaves the previous one,
;   which is not to be resumed once lost), Cancel keeps the game on. Outside a tournament
;   game nothing is asked.
;   In: A = the address (this bank) of the action's name, ForfeitEnd or ForfeitQuit.
;   Out: carry set when cancelled.  Clobbers A, X, Y, the record's FileBuf.
; ------------------------------------------------------------------------------------
ForfeitAsked
        STA     ForfeitVerb
        JSR     TournamentOn
        BCC     @go
        LDA     ForfeitVerb             ; "This is a tournament game: <action> now ..."
        LDX     #ForfeitThis
        JSR     ForfeitConfirm
        BCS     @out
        JSR     DiscardGame             ; (first: on a full disk its room is the record's)
        JSR     GameLost
@go     CLC
@out    RTS

; TournamentOn — is a tournament game (a human player 1) in progress?
;   Out: carry set when so.  Clobbers A.
TournamentOn
        JSR     InGame
        BCC     @out
        LDA     SetTournament
        BEQ     @no
        LDA     Kind
        CMP     #HUMAN
        BEQ     @out                    ; (carry set: equal)
@no     CLC
@out    RTS

; ------------------------------------------------------------------------------------
; SavedForfeit — New Game (play.asm DoNewGame) is about to replace a saved game that was
;   not resumed (the start's Not Now). A tournament game (a human player 1) is not dodged
;   so: the caution alert asks as End Game's does, and OK records it as lost (no points)
;   for the saved game's own player and opponent, whatever the settings say now; Cancel
;   leaves it on the disk. Any other saved game goes without a question.
;   Out: carry set when cancelled.  Clobbers A, X, Y, FileBuf, Zp.ptr, Zp.ptr2, Kind+2,
;   GameWinner, NetScore.
; ------------------------------------------------------------------------------------
SavedForfeit
        LDA     GameSaved
        BEQ     @go
        JSR     GameOnDisk              ; FileBuf := the saved game
        BCS     @go                     ; (none left: nothing to record)
        LDA     FileBuf+GAME_BODY_AT+SetTournament-Settings
        BEQ     @go
        LDA     #Kind
        JSR     GameWordAt              ; X -> the saved game's players in FileBuf
        LDA     |0,X
        CMP     #HUMAN
        BNE     @go
        LDA     |2,X
        STA     SavedOpponent
        LDA     #ForfeitNew             ; "The saved game is a tournament game: ..."
        LDX     #ForfeitSaved
        JSR     ForfeitConfirm          ; (FileBuf untouched meanwhile)
        BCS     @out
        LDX     #PlayerName             ; the record under the saved game's name
        LDY     #KeptName
        JSR     CopyName
        LDX     #FileBuf+GAME_BODY_AT+PlayerName-Settings
        LDY     #PlayerName
        JSR     CopyName
        LDA     SavedOpponent
        STA     Kind+2
        JSR     GameLost
        LDX     #KeptName               ; the player's name as it was
        LDY     #PlayerName
        JSR     CopyName
@go     CLC
@out    RTS

; GameLost — the game is recorded as lost with no points (RecordGame).
GameLost
        LDA     #1
        STA     GameWinner
        STZ     NetScore
        JMP     RecordGame

; CopyName — a name's NAME_MAX+1 bytes (a Pascal string and its room) from X to Y, both
;   in this bank.  Clobbers A, Y, Zp.ptr, Zp.ptr2.  About 200 cycles.
CopyName
        STX     <Zp.ptr
        STY     <Zp.ptr2
        LDY     #NAME_MAX+1-2
@word   LDA     (<Zp.ptr),Y
        STA     (<Zp.ptr2),Y
        DEY
        DEY
        BPL     @word
        RTS

; ForfeitConfirm — the caution alert "<game> is a tournament game: <action> now and it is
;   recorded as a game lost (no points). Go on?" with the action's button (End Game,
;   Quit, New Game: ForfeitButtons) and Cancel, Cancel the default (TellAsk: Return and
;   Escape keep the game).
;   In: A = the action's name (ForfeitEnd, ForfeitQuit or ForfeitNew), X = the game's
;   (Pascal strings in this bank).  Out: carry set when cancelled.  Clobbers A, X, Y.
ForfeitConfirm
        STA     ForfeitVerb
        LDY     #FORFEIT_ACTIONS*4-4    ; the action's button title
@find   CMP     ForfeitButtons,Y
        BEQ     @title
        DEY
        DEY
        DEY
        DEY
        BNE     @find                   ; (the first: End Game)
@title  LDA     ForfeitButtons+2,Y
        STA     ForfeitTitle
        LDA     ForfeitVerb
        STZ     AdvLen                  ; AdvText := the question
        JSR     AdvAppendPStr           ; (the game's name, at X)
        LDX     #ForfeitMid
        JSR     AdvAppendPStr
        LDX     ForfeitVerb
        JSR     AdvAppendPStr
        LDX     #ForfeitTail
        JSR     AdvAppendPStr
        LDA     ForfeitTitle
        JSR     TellAsk
        CMP     #ASK_CANCEL             ; carry set: Cancel
        RTS

SavedOpponent   DC.W    0               ; the saved game's player 2 (SavedForfeit)
KeptName        DS.B    NAME_MAX+1      ; the name chosen now, kept meanwhile
ForfeitVerb     DC.W    0
ForfeitTitle    DC.W    0
ForfeitButtons                          ; each action and its button's title
        DC.W    ForfeitEnd,ForfeitEndBtn, ForfeitQuit,ForfeitQuitBtn
        DC.W    ForfeitNew,ForfeitNewBtn
FORFEIT_ACTIONS EQU     (*-ForfeitButtons)/4
        STRING  PASCAL
ForfeitEndBtn   DC.B    'End Game'
ForfeitQuitBtn  DC.B    'Quit'
ForfeitNewBtn   DC.B    'New Game'
ForfeitMid      DC.B    ' is a tournament game: '
ForfeitTail     DC.B    ' now and it is recorded as a game lost (no points). Go on?'
ForfeitEnd      DC.B    'end it'
ForfeitQuit     DC.B    'quit'
ForfeitNew      DC.B    'start a new one'
ForfeitThis     DC.B    'This'
ForfeitSaved    DC.B    'The saved game'
        STRING  ASIS

; LoadHistory — FileBuf := the record on disk (a version 1 record widened to this
;   version's columns), or an empty one. A record that is there but not sound (a size
;   that is neither version's, bytes after it too; its magic, version, count or
;   checksum wrong: HistRecordSound) is set aside (HISTORY.BAD, SetAsideSaid) and said,
;   never overwritten by the next game's; read through LoadSaved, so a sound HISTORY.NEW
;   left alone by a save cut short is the record.
;   Clobbers A, X, Y, FileBuf (and what an alert does).
LoadHistory
        LDX     #HistFile
        JSR     LoadSaved
        BCC     @read
        CMP     #0                      ; no record yet: an empty one
        BEQ     @empty
        LDX     #HistFile               ; damaged: set aside and said
        JSR     SetAsideSaid
        BRA     @empty
@read   LDA     FileBuf+History.version ; a record from before King: widened
        CMP     #HIST_V1
        BNE     @out
        JMP     WidenHistory
@out    RTS
@empty  LDX     #0
        TXA
@clr    STA     FileBuf,X
        INX
        INX
        CPX     #History.Size
        BCC     @clr
        LDA     #HIST_MAGIC
        STA     FileBuf+History.magic
        LDA     #HIST_VERSION
        STA     FileBuf+History.version
        RTS

; HistRecordSound — are FileBuf's A bytes a sound record: this version's size or
;   version 1's (before King), with that version's magic, count and checksum (HistSound)?
;   Out: carry clear when so.  Clobbers A, X.
HistRecordSound
        CMP     #History.Size
        BNE     @v1
        LDA     #HIST_VERSION
        LDX     #History.sum
        JMP     HistSound
@v1     CMP     #HistoryV1.Size         ; a record from before King?
        BNE     @bad
        LDA     #HIST_V1
        LDX     #HistoryV1.sum
        JMP     HistSound
@bad    SEC
        RTS

; HistSound — is FileBuf a sound record of version A, its checksum word at X?
;   Out: carry clear when the magic, version, count and checksum are right.
HistSound
        CMP     FileBuf+History.version
        BNE     @bad
        LDA     FileBuf+History.magic
        CMP     #HIST_MAGIC
        BNE     @bad
        LDA     FileBuf+History.count
        CMP     #HIST_NAMES+1
        BCS     @bad
        STX     HistSumAt
        JSR     Checksum
        LDX     HistSumAt
        CMP     FileBuf,X
        BNE     @bad
        CLC
        RTS
@bad    SEC
        RTS

; WidenHistory — the version 1 record in FileBuf becomes this version's, in place: each
;   entry's words move to their new places (WidenMap), last entry and last word first so
;   no word is overwritten before it has moved; the new columns start at 0.
WidenHistory
        LDA     #HIST_NAMES-1
        STA     DlgI
@entry  LDA     DlgI
        LDX     #HistEntryV1.Size
        JSR     Mul
        CLC
        ADC     #FileBuf+HistoryV1.entries
        STA     HistFrom
        LDA     DlgI
        JSR     EntryAt                 ; Zp.ptr2 -> the entry's new place
        LDY     #HistEntry.Size-2
@word   TYA
        TAX
        LDA     WidenMap,X              ; the word's old offset, or $FFFF: a new column
        BMI     @zero
        CLC
        ADC     HistFrom
        TAX
        LDA     |0,X
        BRA     @put
@zero   LDA     #0
@put    STA     (<Zp.ptr2),Y
        DEY
        DEY
        BPL     @word
        DEC     DlgI
        BPL     @entry
        LDA     #HIST_VERSION
        STA     FileBuf+History.version
        RTS

; WidenMap — for each word of a HistEntry, its offset in a HistEntryV1 ($FFFF: none).
WIDE_NEW        EQU     HIST_OPPONENTS-HIST_V1_OPPONENTS
WidenMap
        DC.W    0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30           ; the name
        DC.W    HistEntryV1.won,HistEntryV1.won+2,HistEntryV1.won+4,HistEntryV1.won+6
        DC.W    HistEntryV1.won+8,HistEntryV1.won+10,HistEntryV1.won+12
        DCB.W   WIDE_NEW,$FFFF
        DC.W    HistEntryV1.lost,HistEntryV1.lost+2,HistEntryV1.lost+4,HistEntryV1.lost+6
        DC.W    HistEntryV1.lost+8,HistEntryV1.lost+10,HistEntryV1.lost+12
        DCB.W   WIDE_NEW,$FFFF
        DC.W    HistEntryV1.points,HistEntryV1.points+2,HistEntryV1.points+4
        DC.W    HistEntryV1.points+6,HistEntryV1.points+8,HistEntryV1.points+10
        DC.W    HistEntryV1.points+12
        DCB.W   WIDE_NEW,$FFFF
HistFrom        DC.W    0
HistSumAt       DC.W    0

; SaveHistory — FileBuf's record to SETTINGS:HISTORY.
SaveHistory
        LDX     #History.sum
        JSR     Checksum
        STA     FileBuf+History.sum
        LDA     #HistPath
        STA     FilePath
        LDA     #HistNew
        STA     FileNew
        LDA     #HIST_TYPE
        STA     CreateParms+8
        LDA     #History.Size
        JMP     WriteWhole

; FindPlayer — Zp.ptr2 := the record entry named PlayerName (case as typed); a new entry
;   when there is none (the last one is reused when the record is full).
FindPlayer
        STZ     DlgI
@entry  LDA     DlgI
        CMP     FileBuf+History.count
        BCS     @new
        JSR     EntryAt
        JSR     SameName
        BCS     @out
        INC     DlgI
        BRA     @entry
@new    LDA     DlgI
        CMP     #HIST_NAMES
        BCC     @room
        DEC     A
        STA     DlgI
        BRA     @init
@room   INC     FileBuf+History.count
@init   LDA     DlgI
        JSR     EntryAt
        LDY     #0                      ; name := PlayerName; counts zero
@name   LDA     PlayerName,Y
        STA     (<Zp.ptr2),Y
        INY
        INY
        CPY     #NAME_MAX+1
        BCC     @name
        LDA     #0
@zero   STA     (<Zp.ptr2),Y
        INY
        INY
        CPY     #HistEntry.Size
        BCC     @zero
@out    RTS

; EntryAt — A = entry number -> Zp.ptr2 = its address in FileBuf.
EntryAt
        LDX     #HistEntry.Size
        JSR     Mul
        CLC
        ADC     #FileBuf+History.entries
        STA     <Zp.ptr2
        RTS

; SameName — carry set when the entry at Zp.ptr2 is named PlayerName (stats.asm
;   NamedAsX compares).  Clobbers A, X, Y, MsgCount.
SameName
        LDX     #PlayerName
        JMP     NamedAsX

; ------------------------------------------------------------------------------------
; DoHistory — Options/Show History: the player's tournament record as a table in a note
;   alert sized to its rows: a column per ParamText string (^0 the opponents under the
;   player's name, ^1 games won, ^2 games lost, ^3 net points), a row per personality
;   played. No games yet: a one-line note says so.
; ------------------------------------------------------------------------------------
HIST_COLS       EQU     4
HIST_ROW        EQU     10              ; the alert's text line height

DoHistory
        JSR     LoadHistory
        STZ     DlgI                    ; the player's entry, if any
@entry  LDA     DlgI
        CMP     FileBuf+History.count
        BCS     @none
        JSR     EntryAt
        JSR     SameName
        BCS     @found
        INC     DlgI
        BRA     @entry
@none   STZ     AdvLen                  ; "No tournament games yet for <name>."
        JSR     MsgClear
        Msg     'No tournament games yet for '
        LDX     #PlayerName
        JSR     MsgPStr
        Msg     '.'
        JSR     AdvAppendBuild
        JMP     TellNote
@found  STZ     HistCol
@col    JSR     HistColumn
        LDA     HistCol
        ASL     A
        TAX
        LDA     HistColAt,X
        TAX
        JSR     MsgCopy
        INC     HistCol
        LDA     HistCol
        CMP     #HIST_COLS
        BCC     @col
        LDA     HistAny
        BNE     @rows
        BRL     @none
@rows   INC     A                       ; the rows and the heading: the alert's height
        LDX     #HIST_ROW
        JSR     Mul
        CLC
        ADC     #8
        LDX     #HIST_COLS*2-2          ; every column that tall
@tall   LDY     HistItemAt,X
        STA     |$0006,Y
        DEX
        DEX
        BPL     @tall
        CLC
        ADC     #8                      ; the OK button below them
        STA     HistOK+2
        ADC     #13
        STA     HistOK+6
        ADC     #8+HIST_TOP
        STA     HistAlert+4
        PushLong HistCol0               ; ParamText(the four columns)
        PushLong HistCol1
        PushLong HistCol2
        PushLong HistCol3
        _ParamText
        PHA
        PushLong HistAlert
        PEA     $0000
        PEA     $0000
        _NoteAlert
        PLA
        RTS

; HistColumn — Build := column HistCol of the table: its heading, then one line per
;   personality played (Zp.ptr2 = the player's entry). Out: HistAny = the rows.
HistColumn
        JSR     MsgClear
        LDA     HistCol
        BNE     @head
        LDX     #PlayerName             ; the first column is headed by the player
        JSR     MsgPStr
        BRA     @rows
@head   ASL     A
        TAX
        LDA     HistHeads-2,X
        TAX
        JSR     MsgPStr
@rows   STZ     HistP
        STZ     HistAny
@pers   LDA     HistP                   ; each personality played
        ASL     A
        CLC
        ADC     #HistEntry.won
        TAY
        LDA     (<Zp.ptr2),Y
        STA     HistWon
        LDA     HistP
        ASL     A
        CLC
        ADC     #HistEntry.lost
        TAY
        LDA     (<Zp.ptr2),Y
        STA     HistLost
        ORA     HistWon
        BEQ     @nextp
        INC     HistAny
        LDA     #$0D                    ; a new line of the column
        JSR     MsgChar
        LDA     HistCol
        ASL     A
        TAX
        JSR     (HistCells,X)
@nextp  INC     HistP
        LDA     HistP
        CMP     #PERSONALITIES
        BCC     @pers
        RTS

HistCells       DC.W    HistName,HistWonCell,HistLostCell,HistPoints
HistName
        LDA     HistP
        ASL     A
        TAX
        LDA     PersNames,X
        TAX
        JMP     MsgPStr
HistWonCell
        LDA     HistWon
        JMP     MsgNum
HistLostCell
        LDA     HistLost
        JMP     MsgNum
HistPoints                              ; signed: +12, -294, 0
        LDA     HistP
        ASL     A
        CLC
        ADC     #HistEntry.points
        TAY
        LDA     (<Zp.ptr2),Y
        BEQ     @num
        BPL     @plus
        EOR     #$FFFF
        INC     A
        PHA
        LDA     #'-'
        JSR     MsgChar
        PLA
        BRA     @num
@plus   PHA
        LDA     #'+'
        JSR     MsgChar
        PLA
@num    JMP     MsgNum

HIST_TOP        EQU     40
HistAlert
        DC.W    HIST_TOP,160,0,480      ; the bottom follows the rows
        DC.W    4
        DC.B    $80,$80,$80,$80
        DC.L    HistOK,HistC0,HistC1,HistC2,HistC3,EscapeItem,0
HistOK  DC.W    1,0,240,0,300,$0A       ; top and bottom follow the rows
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
HistC0  DC.W    100,8,50,0,150,$800F
        DC.L    HistT0
        DC.W    0,0
        DC.L    0
HistC1  DC.W    101,8,160,0,200,$800F
        DC.L    HistT1
        DC.W    0,0
        DC.L    0
HistC2  DC.W    102,8,210,0,250,$800F
        DC.L    HistT2
        DC.W    0,0
        DC.L    0
HistC3  DC.W    103,8,260,0,310,$800F
        DC.L    HistT3
        DC.W    0,0
        DC.L    0
HistItemAt      DC.W    HistC0,HistC1,HistC2,HistC3
HistColAt       DC.W    HistCol0,HistCol1,HistCol2,HistCol3
HistHeads       DC.W    HistHWon,HistHLost,HistHPoints
        STRING  PASCAL
HistHWon        DC.B    'Won'
HistHLost       DC.B    'Lost'
HistHPoints     DC.B    'Points'
HistT0          DC.B    '^0'
HistT1          DC.B    '^1'
HistT2          DC.B    '^2'
HistT3          DC.B    '^3'
        STRING  ASIS
HistCol         DC.W    0
HistCol0        DS.B    MSG_MAX+2
HistCol1        DS.B    MSG_MAX+2
HistCol2        DS.B    MSG_MAX+2
HistCol3        DS.B    MSG_MAX+2
HistP           DC.W    0
HistAny         DC.W    0
HistWon         DC.W    0
HistLost        DC.W    0
SettingsLoaded  DC.W    0
PrefsDamaged    DC.W    0               ; 1: GIN.PREFS was set aside, not said yet
PrefsLen        DC.W    0               ; bytes of GIN.PREFS to write

; ---- GS/OS parameter blocks and paths -----------------------------------------------
OpenParms
        DC.W    3                       ; pCount
        DC.W    0                       ; refNum (out)
        DC.L    PrefsPath               ; pathname (low word set per call)
        DC.W    READ_ACCESS             ; requestAccess
RwParms
        DC.W    4                       ; pCount
        DC.W    0                       ; refNum
        DC.L    FileBuf                 ; dataBuffer
        DC.L    0                       ; requestCount
        DC.L    0                       ; transferCount (out)
CloseParms
        DC.W    1
        DC.W    0
CreateParms
        DC.W    5                       ; pCount: path, access, type, aux, storage
        DC.L    PrefsNew
        DC.W    ACCESS_ALL
        DC.W    CFG_TYPE
        DC.L    0
        DC.W    1                       ; a standard file
DestroyParms
        DC.W    1
        DC.L    PrefsNew
RenameParms
        DC.W    2
        DC.L    PrefsNew
        DC.L    PrefsPath
InfoParms
        DC.W    2                       ; GetFileInfo: pathname, access (out)
        DC.L    PrefsPath
        DC.W    0
FilePath        DC.W    0
FileNew         DC.W    0
PrefsPath       DC.W    18
                DC.B    'SETTINGS:GIN.PREFS'
PrefsNew        DC.W    22
                DC.B    'SETTINGS:GIN.PREFS.NEW'
PrefsBad        DC.W    22
                DC.B    'SETTINGS:GIN.PREFS.BAD'
PrefsBad2       DC.W    23
                DC.B    'SETTINGS:GIN.PREFS.BAD2'
GamePath        DC.W    17
                DC.B    'SETTINGS:GIN.GAME'
GameNew         DC.W    21
                DC.B    'SETTINGS:GIN.GAME.NEW'
GameBad         DC.W    21
                DC.B    'SETTINGS:GIN.GAME.BAD'
GameBad2        DC.W    22
                DC.B    'SETTINGS:GIN.GAME.BAD2'
HistPath        DC.W    16
                DC.B    'SETTINGS:HISTORY'
HistNew         DC.W    20
                DC.B    'SETTINGS:HISTORY.NEW'
HistBad         DC.W    20
                DC.B    'SETTINGS:HISTORY.BAD'
HistBad2        DC.W    21
                DC.B    'SETTINGS:HISTORY.BAD2'

; the files (SavedFile): paths, the most to read, the sound routine, the alert's words
PrefsFile       DC.W    PrefsPath,PrefsNew,PrefsBad,PrefsBad2,PrefsRules.Size+2
                DC.W    PrefsSound,PrefsWhat,PrefsAfter,PrefsPath
GameFile        DC.W    GamePath,GameNew,GameBad,GameBad2,GAME_SIZE+2
                DC.W    GameSized,GameWhat,GameAfter,GamePath
HistFile        DC.W    HistPath,HistNew,HistBad,HistBad2,History.Size+2
                DC.W    HistRecordSound,HistWhat,HistAfter,HistPath
        STRING  PASCAL
PrefsWhat       DC.B    'The settings file was damaged: '
PrefsAfter      DC.B    'the settings start again from the defaults.'
GameWhat        DC.B    'The saved game is damaged: '
GameAfter       DC.B    'cannot be resumed.'
HistWhat        DC.B    'The tournament record was damaged: '
HistAfter       DC.B    'the record starts again.'
        STRING  ASIS
