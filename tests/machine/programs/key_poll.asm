* A program that reads the keyboard itself, without the Event Manager: it polls the
* latch $C000 until a key comes, keeps it in direct-page word 0, clears the strobe
* and quits. Expects: the launch state (full native mode, D = its direct page).

        CASE    ON
        INCLUDE 'machine_tools.macros'

KBD     EQU     $E0C000                 ; the key in bits 0-6, bit 7 the strobe
KBDSTRB EQU     $E0C010                 ; any access clears the strobe
THE_KEY EQU     0                       ; direct page: the key read

KeyPoll PROC
        _Launch
        STZ     THE_KEY
        SEP     #$20
        LONGA   OFF
Poll    LDA     >KBD                    ; wait for the strobe
        BPL     Poll
        STA     >KBDSTRB
        AND     #$7F
        STA     THE_KEY
        REP     #$20
        LONGA   ON
        _GSOS   $2029,QuitParms

QuitParms DC.W  0
        ENDP
        END
