* Entry points other than JSL $E10000, each a routine for Machine.call:
*   NewIDViaGlue: GetNewID($1000) through a glue routine that uses JSL $E10004
*   GSOSInline / GSOSStack: GS/OS call $2010 with Block, in both forms; A = error,
*   and the word after the call (Marker) proves execution resumed past the in-line bytes
* Expects full native mode.

        CASE    ON
        INCLUDE 'machine_tools.macros'

Glue    PROC
        LONGA   ON
        LONGI   ON

NewIDViaGlue
        PHA                     ; result space
        PEA     $1000           ; idTag: application
        JSL     GetNewIDGlue
        PLA                     ; the new ID
        RTL

GetNewIDGlue                    ; glue: the tool sees two RTL addresses (TN #87)
        LDX     #$2003
        JSL     $E10004
        RTL

GSOSInline
        _GSOS   $2010,Block
        LDY     #$600D          ; Marker: only reached past the 6 in-line bytes
        RTL

GSOSStack
        _GSOSStack $2010,Block
        LDY     #$600D
        RTL

Block   DC.W    2
        DC.W    0
        DC.L    0
        ENDP
        END
