; irv.asm — Irv (manual, "Computer Personalities": Irv; docs/personalities.md sections
; 2, 3, 5): "draws and discards are completely random". Irv owns a xorshift32 state kept
; in the position block (Pos.rngLo/Hi); each decision swaps it into the generator and
; back, so the game's own stream is untouched. He always knocks (knock.asm).
;   Draw:    take iff below(2) == 1.
;   Discard: the eligible cards in card-number order; take index below(count).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; IrvBelow — below(A) from Irv's own generator (Pos.rngLo/Hi), stored back after.
;   Out: A = the number. Clobbers: A, X, Y. Cost: RngBelow + 60 cycles.
; ------------------------------------------------------------------------------------
IrvBelow PROC   EXPORT
        IMPORT  PosBlock,RngLo,RngHi,RngBelow
        ldx     RngLo                   ; keep the game's generator
        phx
        ldx     RngHi
        phx
        ldx     PosBlock+Pos.rngLo      ; run Irv's
        stx     RngLo
        ldx     PosBlock+Pos.rngHi
        stx     RngHi
        jsr     RngBelow
        ldx     RngLo                   ; Irv's state back into the block
        stx     PosBlock+Pos.rngLo
        ldx     RngHi
        stx     PosBlock+Pos.rngHi
        plx
        stx     RngHi
        plx
        stx     RngLo
        rts
        ENDP

; ------------------------------------------------------------------------------------
; IrvDraw — "Take the u. Why not?" / "Draw from the stock. Why not?"
;   In: PosBlock: upcard, firstOffer, rngLo/Hi.  Out: DecBlock, Pos.rngLo/Hi.
;   Clobbers: A, X, Y. Cost: about 1,100 cycles.
; ------------------------------------------------------------------------------------
IrvDraw PROC    EXPORT
        IMPORT  PosBlock,DecBlock,IrvBelow,TxtInline,TxtCard,NoTakeOpening
        lda     #2
        jsr     IrvBelow
        cmp     #1
        bne     @stock
        sta     DecBlock+Dec.choice
        Say     'Take the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '. Why not?'
        rts
@stock  jsr     NoTakeOpening
        Say     ' Why not?'
        rts
        ENDP

; ------------------------------------------------------------------------------------
; IrvDiscard — "Discard the X. Why not?"
;   In: PosBlock: hand (11), taken, rngLo/Hi.  Out: DecBlock, Pos.rngLo/Hi.
;   Clobbers: A, X, Y. Cost: mean 6,900 cycles.
; ------------------------------------------------------------------------------------
IrvDiscard PROC EXPORT
        IMPORT  PosBlock,DecBlock,IrvBelow,CardIn,TxtInline,TxtCard
        ldy     #0                      ; y = eligible cards listed
        stz     IdCard
@card   lda     IdCard
        cmp     PosBlock+Pos.taken
        beq     @next
        phy
        ldy     #PosBlock+Pos.hand
        jsr     CardIn
        ply
        tax
        beq     @next
        lda     IdCard
        sta     IdList,y
        iny
        iny
@next   inc     IdCard
        lda     IdCard
        cmp     #CARDS_IN_DECK
        bcc     @card
        tya
        lsr     a                       ; count
        jsr     IrvBelow
        asl     a
        tax
        lda     IdList,x
        sta     DecBlock+Dec.choice
        Say     'Discard the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '. Why not?'
        rts
IdCard  DS.W    1
IdList  DS.W    CARDS_IN_DECK
        ENDP

        END
