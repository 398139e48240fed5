* The dynamic segment of the user tool set's load file (segment 2, KIND $8000: the
* test sets both when it appends this to loader_tool's file). Answer returns 99 in A;
* the program loads the segment with LoadSegName / LoadSegNum and calls it with JSL.

        CASE    ON

Answer  PROC
        LONGA   ON
        LDA     #99
        RTL
        ENDP
        END
