//! The board field of a FEN as HaChu writes large-shogi positions, read independently of
//! the engine for the brute-force generators of tests/suite (Chu, Dai, Wa Shogi):
//! letters with `+` before them (promoted) and `'` or `!` after them (the 52 letters
//! beyond the 26), numbers of any length for empty cells.

/// The cells of `fen`'s board on a square board of `width` files and ranks, indexed
/// `rank * width + file` from a1: each occupied cell's side (0 first, 1 second) and its
/// letter in upper case (`+P`, `N'`), and the side to move (0 or 1).
pub fn read(fen: &str, width: usize) -> (Vec<Option<(usize, String)>>, usize) {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap();
    let side = usize::from(fields.next() == Some("b"));
    let mut cells = vec![None; width * width];
    for (row, text) in board.split('/').enumerate() {
        let rank = width - 1 - row;
        let (mut file, mut num) = (0usize, 0usize);
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let ch = chars[i];
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d as usize;
                i += 1;
                continue;
            }
            file += num;
            num = 0;
            let plus = ch == '+';
            if plus {
                i += 1;
            }
            let letter = chars[i];
            let mut l = format!(
                "{}{}",
                if plus { "+" } else { "" },
                letter.to_ascii_uppercase()
            );
            if matches!(chars.get(i + 1), Some('\'' | '!')) {
                i += 1;
                l.push(chars[i]);
            }
            let s = usize::from(letter.is_ascii_lowercase());
            cells[rank * width + file] = Some((s, l));
            file += 1;
            i += 1;
        }
        file += num;
        assert_eq!(file, width, "row {row} of {fen}");
    }
    (cells, side)
}
