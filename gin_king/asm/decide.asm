; decide.asm — the position and decision blocks, and GK_Decide, which runs the decision
; the position block asks of the personality it names (docs/native-abi.md).
;
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; DecideData — the two blocks and the decision's scratch hand.
; ------------------------------------------------------------------------------------
DecideData PROC EXPORT
        EXPORT  PosBlock
        EXPORT  DecBlock
        EXPORT  AiHand
        EXPORT  CiBit
        EXPORT  CiBase
PosBlock DS.B   Pos.Size                ; IN: the position (a Pos record)
DecBlock DS.B   Dec.Size                ; OUT: the decision (a Dec record)
AiHand  DS.B    Hand.Size               ; the hand DwAfter removes cards from
CiBit   DS.W    1                       ; CardIn / CardFlip scratch
CiBase  DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; GK_Decide — decide (and advise) what PosBlock asks.  JSL, any M/X/DBR.
;   In:  PosBlock (personality, decision, the position).
;   Out: DecBlock: status 0 and choice + text when the decision is native; status 1
;        when it is not (yet) native. PosBlock.rngLo/Hi advanced for Irv.
;   Cost: see docs/performance.md, per personality and decision.
; ------------------------------------------------------------------------------------
GK_Decide PROC  EXPORT
        IMPORT  PosBlock,DecBlock,TxtReset
        IMPORT  IrvDraw,IrvDiscard,WillyDraw,WillyDiscard,SoniaDraw,KnockAlways
        IMPORT  MortDiscard,BernieDiscard,PhyllisDiscard,BernieKnock,PhyllisKnock
        IMPORT  SharkKnock,KingDraw,KingDiscard,KingKnock
        EngineEnter
        jsr     TxtReset
        stz     DecBlock+Dec.status
        stz     DecBlock+Dec.choice
        lda     PosBlock+Pos.decision   ; bounds-check both numbers
        cmp     #DECISIONS
        bcs     @notNative
        lda     PosBlock+Pos.personality
        cmp     #PERSONALITIES
        bcs     @notNative
        asl     a                       ; x = 2 * (3 * personality + decision)
        adc     PosBlock+Pos.personality
        adc     PosBlock+Pos.decision
        asl     a
        tax
        jsr     (DecideTable,x)
        EngineLeave
@notNative jsr  NotNative
        EngineLeave

; one row per personality: draw, discard, knock
DecideTable DC.W IrvDraw,IrvDiscard,KnockAlways                 ; Irv
        DC.W    WillyDraw,WillyDiscard,KnockAlways              ; Willy
        DC.W    SoniaDraw,WillyDiscard,KnockAlways              ; Sonia
        DC.W    SoniaDraw,MortDiscard,KnockAlways               ; Mort
        DC.W    SoniaDraw,BernieDiscard,BernieKnock             ; Bernie
        DC.W    SoniaDraw,PhyllisDiscard,PhyllisKnock           ; Phyllis
        DC.W    SoniaDraw,PhyllisDiscard,SharkKnock             ; Shark: Phyllis's play
        DC.W    NotNative,NotNative,NotNative                   ; 7: Human, not a personality
        DC.W    KingDraw,KingDiscard,KingKnock                  ; King

; NotNative — the decision is not made natively (or number 7, the desktop program's
; Human, which is no personality): status 1, no text.
NotNative lda   #1
        sta     DecBlock+Dec.status
        rts
        ENDP

; ------------------------------------------------------------------------------------
; CardIn — is card A in the Hand record at address Y (our bank)?
;   Out: A = the card's bit if held, 0 if not (Z set when not). X = address of its suit
;   word. Clobbers: A, X. Cost: 50 cycles.
; ------------------------------------------------------------------------------------
CardIn  PROC    EXPORT
        IMPORT  CardBit,CardSuit2,CiBit,CiBase
        sty     CiBase
        asl     a
        tax
        lda     CardBit,x
        sta     CiBit
        lda     CardSuit2,x
        clc
        adc     CiBase
        tax
        lda     |$0000,x
        and     CiBit
        rts
        ENDP

; ------------------------------------------------------------------------------------
; CardFlip — flip card A in the Hand record at address Y (add it if absent, remove it
; if present).  Clobbers: A, X. Cost: 60 cycles.
; ------------------------------------------------------------------------------------
CardFlip PROC   EXPORT
        IMPORT  CardIn,CiBit
        jsr     CardIn
        lda     |$0000,x
        eor     CiBit
        sta     |$0000,x
        rts
        ENDP

; ------------------------------------------------------------------------------------
; CopyHand — copy the Hand record at X to the one at Y (addresses in our bank).
;   Clobbers: A. Cost: 60 cycles.
; ------------------------------------------------------------------------------------
CopyHand PROC   EXPORT
        lda     |$0000,x
        sta     |$0000,y
        lda     |$0002,x
        sta     |$0002,y
        lda     |$0004,x
        sta     |$0004,y
        lda     |$0006,x
        sta     |$0006,y
        rts
        ENDP

; ------------------------------------------------------------------------------------
; DwAfter — deadwood of AiHand without card A (dw_after of the personalities doc).
;   Clobbers: A, X, Y. Cost: about 120 cycles + Deadwood.
; ------------------------------------------------------------------------------------
DwAfter PROC    EXPORT
        IMPORT  AiHand,DwHand,CopyHand,CardFlip,Deadwood
        pha
        ldx     #AiHand
        ldy     #DwHand
        jsr     CopyHand
        pla
        ldy     #DwHand
        jsr     CardFlip
        jmp     Deadwood
        ENDP

; ------------------------------------------------------------------------------------
; CanonOf — the canonical arrangement of the Hand record at X (Canon on a copy).
;   Out: as Canon. Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
CanonOf PROC    EXPORT
        IMPORT  DwHand,CopyHand,Canon
        ldy     #DwHand
        jsr     CopyHand
        jmp     Canon
        ENDP

; ------------------------------------------------------------------------------------
; MeldedCount — cards in melds of the last Canon: cards of DwHand less deadwood cards.
;   Out: A. Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
MeldedCount PROC EXPORT
        IMPORT  DwHand,CnDead,CountCards
        ldx     #CnDead
        jsr     CountCards
        sta     McDead
        ldx     #DwHand
        jsr     CountCards
        sec
        sbc     McDead
        rts
McDead  DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; NoTakeOpening — "Refuse the X." in the first-upcard offer, else "Draw from the stock."
;   Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
NoTakeOpening PROC EXPORT
        IMPORT  PosBlock,TxtInline,TxtCard
        lda     PosBlock+Pos.firstOffer
        beq     @stock
        Say     'Refuse the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '.'
        rts
@stock  Say     'Draw from the stock.'
        rts
        ENDP

        END
