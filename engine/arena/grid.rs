//! Text tables with a row and a numbered column per engine (the crosstable, who finished
//! ahead): the header and the rows, laid out alike.

/// The header line: a blank number column, `engine`, then the column numbers 1, 2, ...
pub fn head(engines: usize, width: usize, cell_width: usize) -> String {
    let mut line = format!("{:>3} {:<width$}", "", "engine");
    for j in 0..engines {
        line.push_str(&format!("  {:>cell_width$}", j + 1));
    }
    line
}

/// Row `i` (numbered from 1) for engine `name`, its cells right-aligned in their columns.
pub fn row(
    i: usize,
    name: &str,
    width: usize,
    cells: impl IntoIterator<Item = String>,
    cell_width: usize,
) -> String {
    let mut line = format!("{:>3} {name:<width$}", i + 1);
    for text in cells {
        line.push_str(&format!("  {text:>cell_width$}"));
    }
    line
}
