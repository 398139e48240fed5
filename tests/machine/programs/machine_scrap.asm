* The Scrap Manager as a program uses it for Copy and Paste: ScrapStartUp, ZeroScrap,
* PutScrap of a text scrap in two pieces, GetScrapSize, GetScrap into a handle of its
* own, GetScrapCount, GetScrapSize of the picture type it never put (badScrapType),
* UnloadScrap then GetScrapState, LoadScrap then GetScrapState; ScrapShutDown, Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page, A = its user ID (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'

TEXT_SCRAP EQU  0               ; scrap types (scrap.h)
PIC_SCRAP EQU   1
FIRST_LEN EQU   5               ; "Gin! " then the rest of Text
REST_LEN EQU    TextEnd-Text-FIRST_LEN

Vars    RECORD  0
userID  DS.W    1               ; the launch user ID
mine    DS.L    1               ; the program's handle GetScrap fills
size    DS.L    1               ; GetScrapSize(text)
count   DS.W    1               ; GetScrapCount after ZeroScrap
picErr  DS.W    1               ; A after GetScrapSize(picture)
unloaded DS.W   1               ; GetScrapState after UnloadScrap
loaded  DS.W    1               ; GetScrapState after LoadScrap
        ENDR

Main    PROC
        _Launch
        STA     <Vars.userID
        _ScrapStartUp
        _ZeroScrap              ; Copy: the scrap is replaced
        PEA     0               ; PutScrap(FIRST_LEN, text, @Text)
        PEA     FIRST_LEN
        PEA     TEXT_SCRAP
        PEA     Text>>16
        PEA     Text
        _PutScrap
        PEA     0               ; PutScrap(REST_LEN, text, @Text + FIRST_LEN): appended
        PEA     REST_LEN
        PEA     TEXT_SCRAP
        PEA     Text>>16        ;   (the same bank as Text)
        PEA     Text+FIRST_LEN
        _PutScrap

        PHA                     ; GetScrapSize(text): size
        PHA
        PEA     TEXT_SCRAP
        _GetScrapSize
        PLA
        STA     <Vars.size
        PLA
        STA     <Vars.size+2

        LDA     <Vars.userID    ; Paste: a handle of its own, 1 page, GetScrap into it
        _NewDP  1,Vars.mine
        PEI     <Vars.mine+2    ; GetScrap(mine, text)
        PEI     <Vars.mine
        PEA     TEXT_SCRAP
        _GetScrap

        PHA                     ; GetScrapCount(): count
        _GetScrapCount
        PLA
        STA     <Vars.count

        PHA                     ; GetScrapSize(picture): none was put
        PHA
        PEA     PIC_SCRAP
        _GetScrapSize
        STA     <Vars.picErr
        PLA
        PLA

        _UnloadScrap
        PHA                     ; GetScrapState(): scrapState
        _GetScrapState
        PLA
        STA     <Vars.unloaded
        _LoadScrap
        PHA
        _GetScrapState
        PLA
        STA     <Vars.loaded

        _ScrapShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

Text    DC.B    'Gin! Knock with 4'
TextEnd
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
