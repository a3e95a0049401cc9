//! `shogi-tool board [PATH --ply N | --sfen SFEN] [--format text|svg] [--highlight SQ...]
//! [--letters]`: a position as a KIF board diagram or an SVG picture.

use std::io::Write;

use shogi_tool::shogi::Square;
use shogi_tool::views::{self, board_svg, board_svg::BoardPicture, board_text, PieceStyle};

use super::exit::ExitCode;
use super::position::PositionArgs;

/// Reads a square for the command line.
pub fn parse_square_arg(s: &str) -> Result<Square, String> {
    views::parse_square(s).ok_or_else(|| {
        format!("`{s}` is not a square: expected USI such as 5e, digits such as 55, or ５五")
    })
}

/// The picture formats of `board`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardFormat {
    /// The KIF board diagram (BOD).
    #[value(alias = "text")]
    Human,
    /// An SVG picture.
    Svg,
}

/// Arguments of `board`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Output format.
    #[arg(long, value_enum, ignore_case = true, default_value_t = BoardFormat::Human)]
    pub format: BoardFormat,
    /// Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas.
    #[arg(long, value_name = "SQ", num_args = 1.., value_delimiter = ',', value_parser = parse_square_arg)]
    pub highlight: Vec<Square>,
    /// English piece letters (K R B G S N L P, + for promoted; a variant's SFEN letters)
    /// instead of kanji.
    #[arg(long)]
    pub letters: bool,
    /// Draw the shape of an opening's or castle's definition instead of a position
    /// (`美濃囲い`; docs/openings.md lists the names).
    #[arg(long, value_name = "NAME", conflicts_with_all = ["path", "sfen", "ply"])]
    pub shape: Option<String>,
    /// A line above the SVG picture: the move number, the last move in Japanese notation and
    /// the players the record names (`手数＝12  △２三歩打  ▲A  △B`).
    #[arg(long, conflicts_with = "shape")]
    pub caption: bool,
}

/// The piece style the `--letters` flag asks for.
pub fn style(letters: bool) -> PieceStyle {
    if letters {
        PieceStyle::Letters
    } else {
        PieceStyle::Kanji
    }
}

/// Writes `s` to standard output.
pub fn print(s: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The exit status of a command whose record did or did not have read errors.
pub fn status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::Error
    } else {
        ExitCode::Success
    }
}

/// Prints the diagram or picture.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.shape {
        let shapes = shogi_tool::views::shapes::shapes(name);
        let Some(shape) = shapes.first() else {
            anyhow::bail!(
                "`{name}` has no shape to draw: it is not an opening or castle the tool names, or it is defined through other names only (docs/openings.md)"
            );
        };
        let out = match args.format {
            BoardFormat::Human => board_text::diagram(&shape.position, None, style(args.letters)),
            BoardFormat::Svg => {
                shogi_tool::views::shapes::shape_svg(name, shape, style(args.letters))
            }
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    if let Some((pos, last)) = super::variant::locate_shown(&args.position)? {
        if args.caption {
            eprintln!(
                "{} --caption is drawn for standard shogi only",
                super::style::warning()
            );
        }
        let out = match args.format {
            BoardFormat::Human => {
                if !args.highlight.is_empty() {
                    eprintln!(
                        "{} --highlight has no effect without --format svg",
                        super::style::warning()
                    );
                }
                super::variant::diagram(&pos)
            }
            BoardFormat::Svg => {
                super::variant::on_board(&pos, &args.highlight)?;
                let mut picture = BoardPicture::new(&pos, style(args.letters));
                picture.last_move = last;
                picture.highlight = args.highlight;
                picture.to_svg()
            }
        };
        print(&out)?;
        return Ok(ExitCode::Success);
    }
    for (given, flag) in [
        (!args.highlight.is_empty(), "--highlight"),
        (args.caption, "--caption"),
    ] {
        if given && args.format != BoardFormat::Svg {
            eprintln!(
                "{} {flag} has no effect without --format svg",
                super::style::warning()
            );
        }
    }
    let (located, failed, [black, white]) = args.position.locate_with_players()?;
    let style = style(args.letters);
    let out = match args.format {
        BoardFormat::Human => board_text::located(&located, style),
        BoardFormat::Svg => {
            let mut picture = BoardPicture::new(&located.position, style);
            picture.last_move = located.last_square();
            picture.highlight = args.highlight;
            if args.caption {
                picture.caption = Some(board_svg::record_caption(
                    &located,
                    black.as_deref(),
                    white.as_deref(),
                ));
            }
            picture.to_svg()
        }
    };
    print(&out)?;
    Ok(status(failed))
}
