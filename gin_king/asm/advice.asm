; advice.asm — building the advice text (docs/personalities.md section 6) into the
; decision block: literals, card names, numbers, meld lists and card lists.
;
; Text is in the system font's codes (toolbox/font.py): printable ASCII, and the suits
; clubs, diamonds, hearts, spades as $01-$04. Card names are rank then suit: A, 2..10,
; J, Q, K. All routines: M=16, X=16, DBR = this bank; they append at Dec.textLen.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

SUIT_CODE_CLUBS EQU     $01             ; the font code of clubs; the others follow
DECIMAL_BASE    EQU     10              ; TxtTenths: one decimal digit

; ------------------------------------------------------------------------------------
; AdviceData — scratch of the text routines.
; ------------------------------------------------------------------------------------
AdviceData PROC EXPORT
        EXPORT  TlMask
        EXPORT  TxtTmp
        EXPORT  TxtCount
        EXPORT  TxtIndex
        EXPORT  TxtConj
        EXPORT  MeldCards
        EXPORT  MeldLen
        EXPORT  TxtSkip
        EXPORT  TxtNoThe
TlMask  DS.B    Hand.Size               ; TxtCardList: the cards to list
TxtNoThe DS.W   1                       ; TxtCardList: nonzero = leave out "the " once
TxtTmp  DS.W    1
TxtCount DS.W   1                       ; TxtCardList: cards in the list
TxtIndex DS.W   1                       ; TxtCardList: cards written so far
TxtConj DS.W    1                       ; TxtCardList: CONJ_AND or CONJ_OR
TxtSkip DS.W    1                       ; TxtMeld: a card to leave out, or NO_CARD
MeldLen DS.W    1                       ; MeldCardsOf: how many
MeldCards DS.W  RANKS_PER_SUIT          ; MeldCardsOf: the meld's cards, display order
        ENDP

; ------------------------------------------------------------------------------------
; TxtReset — empty the advice text.  Clobbers nothing but flags. Cost: 5 cycles.
; ------------------------------------------------------------------------------------
TxtReset PROC   EXPORT
        IMPORT  DecBlock
        stz     DecBlock+Dec.textLen
        rts
        ENDP

; ------------------------------------------------------------------------------------
; TxtInline — append the zero-terminated bytes that follow the JSR (the Say macro).
;   Returns past the zero byte. Clobbers: A, X, Y. Cost: 40 + 16 per byte.
; ------------------------------------------------------------------------------------
TxtInline PROC  EXPORT
        IMPORT  DecBlock
        pla                             ; address of the JSR's last byte
        inc     a
        tax                             ; x -> the string (program bank = DBR)
        ldy     DecBlock+Dec.textLen
        Acc8
@copy   lda     |$0000,x
        beq     @end
        sta     DecBlock+Dec.text,y
        inx
        iny
        bra     @copy
@end    Acc16
        sty     DecBlock+Dec.textLen
        phx                             ; RTS goes to the byte after the zero
        rts
        ENDP

; ------------------------------------------------------------------------------------
; TxtChar — append the character in A (low byte).  Clobbers: A, Y. Cost: 30 cycles.
; ------------------------------------------------------------------------------------
TxtChar PROC    EXPORT
        IMPORT  DecBlock
        ldy     DecBlock+Dec.textLen
        Acc8
        sta     DecBlock+Dec.text,y
        Acc16
        iny
        sty     DecBlock+Dec.textLen
        rts
        ENDP

; ------------------------------------------------------------------------------------
; TxtCard — append a card's name ("A♠", "10♥", "K♣").
;   In: A = card 0..51.  Clobbers: A, X, Y. Cost: 75 cycles.
; ------------------------------------------------------------------------------------
TxtCard PROC    EXPORT
        IMPORT  DecBlock,CardRank2,CardSuit2,TxtTmp
        asl     a
        tax
        lda     CardSuit2,x
        lsr     a
        clc
        adc     #SUIT_CODE_CLUBS
        sta     TxtTmp                  ; the suit's font code
        lda     CardRank2,x
        tax
        ldy     DecBlock+Dec.textLen
        Acc8
        lda     RankText,x
        sta     DecBlock+Dec.text,y
        iny
        lda     RankText+1,x            ; second character of "10"
        beq     @suit
        sta     DecBlock+Dec.text,y
        iny
@suit   lda     TxtTmp
        sta     DecBlock+Dec.text,y
        iny
        Acc16
        sty     DecBlock+Dec.textLen
        rts
RankText DC.B   'A',0,'2',0,'3',0,'4',0,'5',0,'6',0,'7',0,'8',0,'9',0,'10','J',0,'Q',0,'K',0
        ENDP

; ------------------------------------------------------------------------------------
; TxtNum — append A (0..65535) in decimal, no leading zeros.
;   Clobbers: A, X, Y. Cost: about 250 cycles.
; ------------------------------------------------------------------------------------
TxtNum  PROC    EXPORT
        IMPORT  TxtTmp,TxtChar,TxtIndex
        sta     TxtTmp                  ; what is left to write
        stz     TxtIndex                ; 0 until the first digit is written
        ldx     #0                      ; x = 2 * power index
@power  ldy     #'0'                    ; the digit, in ASCII
        lda     TxtTmp
@sub    cmp     Powers,x
        bcc     @digit
        sbc     Powers,x
        iny
        bra     @sub
@digit  sta     TxtTmp
        cpy     #'0'
        bne     @write
        lda     TxtIndex                ; a leading zero: skip it
        beq     @next
@write  phx
        tya
        jsr     TxtChar
        plx
        inc     TxtIndex
@next   inx
        inx
        cpx     #8
        bcc     @power
        lda     TxtTmp                  ; the units digit, always written
        clc
        adc     #'0'
        jmp     TxtChar
Powers  DC.W    10000,1000,100,10
        ENDP

; ------------------------------------------------------------------------------------
; TxtTenths — append a number of tenths A (0..65535) as "<A div 10>.<A mod 10>" ("12.4",
; "0.5", "3.0"; Tenths in outlook.asm computes it).  Clobbers: A, X, Y. Cost: about 900
; cycles.
; ------------------------------------------------------------------------------------
TxtTenths PROC  EXPORT
        IMPORT  UDiv16,TxtNum,TxtChar
        ldx     #DECIMAL_BASE
        jsr     UDiv16                  ; A = whole units, X = tenths digit
        stx     TtDigit
        jsr     TxtNum
        lda     #'.'
        jsr     TxtChar
        lda     TtDigit
        clc
        adc     #'0'
        jmp     TxtChar
TtDigit DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; TxtPoints — append "1 point" or "N points".  In: A = N.  Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
TxtPoints PROC  EXPORT
        IMPORT  TxtNum,TxtInline,TxtTmp
        pha
        jsr     TxtNum
        pla
        cmp     #1
        beq     @one
        Say     ' points'
        rts
@one    Say     ' point'
        rts
        ENDP

; ------------------------------------------------------------------------------------
; MeldCardsOf — the cards of canonical meld X/2 (CnBestHi/Lo) in display order.
;   In: X = 2 * meld index.  Out: MeldCards[0..MeldLen-1].  Clobbers: A, X, Y.
;   Run: rank ascending from its start (around the corner: Q K A 2 -- its cards from
;   the start bit up to the King, then from the ace); set: clubs, diamonds, hearts, spades.
; ------------------------------------------------------------------------------------
MeldCardsOf PROC EXPORT
        IMPORT  CnBestHi,CnBestLo,MeldCards,MeldLen,TxtTmp,TxtIndex
        stz     MeldLen
        lda     CnBestHi,x
        bmi     @set
        xba                             ; ---- a run: 2 * suit = hi >> 12
        lsr     a
        lsr     a
        lsr     a
        lsr     a
        and     #$0006                  ; 2 * suit
        tay
        lda     SuitBase,y
        sta     McBase                  ; suit * 13: the suit's first card
        lda     CnBestHi,x
        and     #SUIT_MASK_ALL
        dec     a
        sta     McBelow                 ; the ranks below the run's start bit
        lda     CnBestLo,x
        eor     #$FFFF
        and     #SUIT_MASK_ALL          ; the run's cards
        sta     McRun
        ldy     #0                      ; y = 2 * cards written
        lda     McBelow
        eor     #$FFFF
        and     McRun                   ; from its start up (all of a run not round
        jsr     McList                  ;   the corner)
        lda     McBelow
        and     McRun                   ; then on from the ace
        jsr     McList
        sty     MeldLen
        rts
@set    and     #SUIT_MASK_ALL          ; ---- a set: the rank bit
        ldy     #0
@rank   lsr     a
        bcs     @haveRank
        iny
        bra     @rank
@haveRank sty   TxtTmp                  ; the rank
        lda     CnBestLo,x
        tax
        lda     SetSuits,x              ; its suits (byte table)
        and     #$000F
        sta     TxtIndex
        ldx     #0                      ; x = 2 * suit
        ldy     #0
@setBit lsr     TxtIndex
        bcc     @setNext
        lda     SuitBase,x
        clc
        adc     TxtTmp
        sta     MeldCards,y
        iny
        iny
@setNext inx
        inx
        cpx     #Hand.Size
        bcc     @setBit
        sty     MeldLen
        rts
; McList — append the cards of rank mask A (suit McBase) to MeldCards at Y, ascending.
McList  pha
        lda     McBase
        sta     TxtTmp
        pla
@runBit lsr     a
        bcc     @runNext
        pha
        lda     TxtTmp
        sta     MeldCards,y
        iny
        iny
        pla
@runNext inc    TxtTmp
        cmp     #0
        bne     @runBit
        rts
SuitBase DC.W   0,13,26,39
SetSuits DC.B   %1111,%0111,%1011,%1101,%1110   ; by candidate order of the set
McBase  DS.W    1
McBelow DS.W    1
McRun   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; TxtMeld — append canonical meld X/2, its cards joined by one space, leaving out the
; card TxtSkip (NO_CARD: none).  Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
TxtMeld PROC    EXPORT
        IMPORT  MeldCardsOf,MeldCards,MeldLen,TxtSkip,TxtCard,TxtChar,TxtCount,TxtIndex
        jsr     MeldCardsOf
        stz     TxtIndex                ; 2 * cards looked at
        stz     TxtCount                ; cards written
@card   ldx     TxtIndex
        cpx     MeldLen
        bcs     @done
        lda     MeldCards,x
        cmp     TxtSkip
        beq     @next
        pha
        lda     TxtCount
        beq     @first
        lda     #' '
        jsr     TxtChar
@first  pla
        jsr     TxtCard
        inc     TxtCount
@next   inc     TxtIndex
        inc     TxtIndex
        bra     @card
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; TxtMelds — append the canonical melds joined by ", ".  Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
TxtMelds PROC   EXPORT
        IMPORT  CnBestCount,TxtMeld,TxtSkip,TxtInline
        lda     #NO_CARD
        sta     TxtSkip
        ldx     #0
@meld   phx
        jsr     TxtMeld
        plx
        inx
        inx
        cpx     CnBestCount
        bcs     @done
        phx
        Say     ', '
        plx
        bra     @meld
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; TxtCardList — append "the X", "the X and Y", "the X, Y and Z" (CONJ_OR: "or"),
; cards by rank, then suit.  In: TlMask = the cards (four suit masks), A = CONJ_...;
; TxtNoThe nonzero: without the leading "the " (TxtNoThe is cleared).
;   Clobbers: A, X, Y. Cost: about 1,500 cycles.
; ------------------------------------------------------------------------------------
TxtCardList PROC EXPORT
        IMPORT  TlMask,TxtConj,TxtCount,TxtIndex,TxtTmp,TxtCard,TxtInline,CountCards
        IMPORT  TxtNoThe
        sta     TxtConj
        ldx     #TlMask
        jsr     CountCards
        sta     TxtCount
        stz     TxtIndex
        lda     TxtNoThe
        stz     TxtNoThe
        bne     @cards
        Say     'the '
@cards
        lda     #1
        sta     TlBit                   ; the rank bit
        ldy     #0                      ; y = rank
@rank   ldx     #0                      ; x = 2 * suit
@suit   lda     TlMask,x
        and     TlBit
        beq     @next
        phx
        phy
        lda     TxtIndex                ; the separator before this card
        beq     @sepDone
        inc     a
        cmp     TxtCount
        bne     @comma
        lda     TxtConj
        bne     @or
        Say     ' and '
        bra     @sepDone
@or     Say     ' or '
        bra     @sepDone
@comma  Say     ', '
@sepDone ply
        plx
        phx
        phy
        tya
        clc
        adc     SuitBaseL,x             ; card = suit * 13 + rank
        jsr     TxtCard
        ply
        plx
        inc     TxtIndex
@next   inx
        inx
        cpx     #Hand.Size
        bcc     @suit
        asl     TlBit
        iny
        cpy     #RANKS_PER_SUIT
        bcc     @rank
        rts
SuitBaseL DC.W  0,13,26,39
TlBit   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; CountCards — A = number of cards in the four suit masks at X (an address in our bank).
;   Clobbers: A, X, Y. Cost: about 40 + 20 per card.
; ------------------------------------------------------------------------------------
CountCards PROC EXPORT
        IMPORT  TxtTmp
        stx     TxtTmp                  ; the masks' address
        ldy     #0                      ; the count
        ldx     #Hand.Size-2            ; x = 2 * suit
@suit   phx
        txa
        clc
        adc     TxtTmp
        tax
        lda     |$0000,x
@bit    beq     @nextSuit
        sta     CcM
        iny                             ; one more card
        dec     a
        and     CcM                     ; m &= m - 1: drop the lowest card
        bra     @bit
@nextSuit plx
        dex
        dex
        bpl     @suit
        tya
        rts
CcM     DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; TxtOppName — append the opponent's name (PosBlock.oppName, a Pascal string).
;   Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
TxtOppName PROC EXPORT
        IMPORT  PosBlock,DecBlock
        lda     PosBlock+Pos.oppName
        and     #$00FF
        sta     OnLen
        ldx     #0
        ldy     DecBlock+Dec.textLen
        Acc8
@copy   cpx     OnLen
        bcs     @done
        lda     PosBlock+Pos.oppName+1,x
        sta     DecBlock+Dec.text,y
        inx
        iny
        bra     @copy
@done   Acc16
        sty     DecBlock+Dec.textLen
        rts
OnLen   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; TxtOppNameCap — append the opponent's name opening a sentence: a first letter a..z
;   capitalised ("your opponent" -> "Your opponent"; advice_text.sentence_start).
;   In: 16-bit A, X, Y.  Clobbers: A, X, Y.  About 40 cycles + TxtOppName.
; ------------------------------------------------------------------------------------
TxtOppNameCap PROC EXPORT
        IMPORT  DecBlock,TxtOppName
        ldy     DecBlock+Dec.textLen    ; where the name starts
        phy
        jsr     TxtOppName
        plx
        cpx     DecBlock+Dec.textLen    ; an empty name: nothing to capitalise
        bcs     @done
        Acc8
        lda     DecBlock+Dec.text,x
        cmp     #'a'
        bcc     @keep
        cmp     #'z'+1
        bcs     @keep
        and     #$DF                    ; a..z -> A..Z: clear bit 5
        sta     DecBlock+Dec.text,x
@keep   Acc16
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; TxtPronoun — append "he", "she" or "they" (PosBlock.oppPronoun).  Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
TxtPronoun PROC EXPORT
        IMPORT  PosBlock,TxtInline
        lda     PosBlock+Pos.oppPronoun
        cmp     #PRONOUN_HE
        bne     @notHe
        Say     'he'
        rts
@notHe  cmp     #PRONOUN_SHE
        bne     @they
        Say     'she'
        rts
@they   Say     'they'
        rts
        ENDP

        END
