//! The tools' command lines, read one way: flags in order, a flag's value
//! from the argument after it, numbers parsed with an error that names the
//! flag (`--games needs a value`, `--games "x": not a valid number`).

use std::fmt::Display;
use std::str::FromStr;

/// A tool's arguments (without the program's and the tool's names), read
/// flag by flag.
pub struct Args<'a> {
    rest: std::slice::Iter<'a, String>,
}

impl<'a> Args<'a> {
    /// Reads `args` from the first.
    pub fn new(args: &'a [String]) -> Args<'a> {
        Args { rest: args.iter() }
    }

    /// The next argument, a flag where the tool expects one; `None` at the
    /// end.
    pub fn flag(&mut self) -> Option<&'a str> {
        self.rest.next().map(String::as_str)
    }

    /// The value of `flag`: the next argument, whatever it is.
    pub fn value(&mut self, flag: &str) -> Result<&'a str, String> {
        self.flag().ok_or_else(|| format!("{flag} needs a value"))
    }

    /// The value of `flag` as a number.
    pub fn number<T: FromStr>(&mut self, flag: &str) -> Result<T, String> {
        number(flag, self.value(flag)?)
    }

    /// The value of `flag` as a number from `min` to `max`.
    pub fn number_in<T>(&mut self, flag: &str, min: T, max: T) -> Result<T, String>
    where
        T: FromStr + PartialOrd + Display,
    {
        number_in(flag, self.value(flag)?, min, max)
    }
}

/// `text`, the value of `flag`, as a number.
pub fn number<T: FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} {text:?}: not a valid number"))
}

/// `text`, the value of `flag`, as a number from `min` to `max`.
pub fn number_in<T>(flag: &str, text: &str, min: T, max: T) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    match text.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!(
            "{flag} {text:?}: expected a number from {min} to {max}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_values_and_numbers() {
        let line = args("--games 12 --name x --depth 0 --lr 1e-3 --seed");
        let mut a = Args::new(&line);
        assert_eq!(a.flag(), Some("--games"));
        assert_eq!(a.number::<u32>("--games"), Ok(12));
        assert_eq!(a.flag(), Some("--name"));
        assert_eq!(a.value("--name"), Ok("x"));
        assert_eq!(a.flag(), Some("--depth"));
        assert_eq!(
            a.number_in("--depth", 1u32, 100),
            Err("--depth \"0\": expected a number from 1 to 100".to_string())
        );
        assert_eq!(a.flag(), Some("--lr"));
        assert_eq!(a.number::<f32>("--lr"), Ok(0.001));
        assert_eq!(a.flag(), Some("--seed"));
        assert_eq!(
            a.number::<u64>("--seed"),
            Err("--seed needs a value".to_string())
        );
        assert_eq!(a.flag(), None);
        assert_eq!(
            number::<u8>("--level", "300"),
            Err("--level \"300\": not a valid number".to_string())
        );
    }
}
