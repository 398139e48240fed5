* A user tool set in its own load file, as Technical Note #73 and the Toolbox Reference
* vol. 2 appendix A describe one: the function pointer table at the start of the first
* segment (a count of functions + 1, then each function's address - 1), functions that
* find two RTL addresses (6 bytes) above their parameters and X = the call number,
* exits through RTL (no parameters) or ToStrip (X = error, Y = bytes to strip).
* The test appends a second, dynamic segment to the file (loader_dyn.asm).

        CASE    ON

TO_STRIP        EQU     $E10184         ; ToStrip: X = error, Y = parameter bytes
FUNC_NOT_FOUND  EQU     $0002

ToolSet PROC
        EXPORT  BootCnt
        LONGA   ON
        LONGI   ON
* The function pointer table: functions 1 .. 10.
        DC.L    11
        DC.L    BootInit-1              ; 1 BootInit (SetTSPtr calls it)
        DC.L    StartUp-1               ; 2 StartUp
        DC.L    ShutDown-1              ; 3 ShutDown
        DC.L    Version-1               ; 4 Version(): version:W
        DC.L    Reset-1                 ; 5 Reset
        DC.L    Status-1                ; 6 Status(): active:W
        DC.L    Unused-1                ; 7
        DC.L    Unused-1                ; 8
        DC.L    AddTwo-1                ; 9 AddTwo(a:W, b:W): sum:W
        DC.L    BootCount-1             ; 10 BootCount(): times BootInit ran:W

* BootInit: count the calls (proves SetTSPtr ran it). Inputs: none. Outputs: A = 0,
* carry clear. Clobbers: A. ~40 cycles.
BootInit PHB
        PHK
        PLB
        INC     BootCnt
        PLB
StartUp ANOP
ShutDown ANOP
Reset   LDA     #0                      ; no parameters: a plain RTL, no error
        CLC
        RTL

* Version(): version:W at S+7 (above the two RTL addresses).
Version LDA     #$0123
        STA     7,S
        LDA     #0
        CLC
        RTL

* Status(): active:W -- always active.
Status  LDA     #$FFFF
        STA     7,S
        LDA     #0
        CLC
        RTL

* A function number the set reserves: funcNotFoundErr, nothing to strip.
Unused  LDX     #FUNC_NOT_FOUND
        LDY     #0
        JML     TO_STRIP

* AddTwo(a:W, b:W): sum:W. Stack: RTL, RTL (6 bytes), b at S+7, a at S+9, the result
* at S+11. Exits through ToStrip, stripping the 4 bytes of parameters.
AddTwo  LDA     7,S                     ; b
        CLC
        ADC     9,S                     ; + a
        STA     11,S                    ; -> sum
        LDX     #0                      ; no error
        LDY     #4                      ; strip a and b
        JML     TO_STRIP

* BootCount(): count:W at S+7 (one byte deeper after PHB).
BootCount PHB
        PHK
        PLB
        LDA     BootCnt
        STA     8,S
        PLB
        LDA     #0
        CLC
        RTL

BootCnt DC.W    0
        ENDP

        END
