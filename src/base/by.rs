//! Containers indexed by a type instead of a raw number: one value per
//! [`Color`] ([`ByColor`]), per [`Role`] ([`ByRole`]) or per [`Square`]
//! ([`BySquare`]).
//!
//! ```
//! use xiangqi::{ByColor, ByRole, Color, Role};
//!
//! let mut captured = ByColor::new([0u32; 2]);
//! captured[Color::Black] += 1;
//! assert_eq!(captured[Color::Red], 0);
//!
//! let values = ByRole::new([0, 20, 20, 40, 90, 45, 10]);
//! assert_eq!(values[Role::Chariot], 90);
//! ```

use core::ops::{Index, IndexMut};

use crate::base::{Color, Role, Square};

macro_rules! by_container {
    ($(#[$doc:meta])* $name:ident, $key:ident, $count:expr, $all:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $name<T>([T; $count]);

        impl<T> $name<T> {
            /// The container holding `values`, in the key's index order
            #[doc = concat!("(`", stringify!($key), "::index`).")]
            ///
            /// ```
            #[doc = concat!("use xiangqi::{", stringify!($name), ", ", stringify!($key), "};")]
            #[doc = concat!("let by = ", stringify!($name), "::new(core::array::from_fn(|i| i * 10));")]
            #[doc = concat!("assert_eq!(by[", stringify!($key), "::ALL[1]], 10);")]
            /// ```
            #[inline]
            pub const fn new(values: [T; $count]) -> Self {
                $name(values)
            }

            /// A container whose value for each key is `f(key)`.
            ///
            /// ```
            #[doc = concat!("use xiangqi::{", stringify!($name), ", ", stringify!($key), "};")]
            #[doc = concat!("let by = ", stringify!($name), "::from_fn(|k: ", stringify!($key), "| k.index());")]
            #[doc = concat!("assert!(", stringify!($key), "::ALL.iter().all(|&k| by[k] == k.index()));")]
            /// ```
            #[inline]
            pub fn from_fn(mut f: impl FnMut($key) -> T) -> Self {
                $name($all.map(|key| f(key)))
            }

            /// The values in the key's index order.
            ///
            /// ```
            #[doc = concat!("use xiangqi::{", stringify!($name), ", ", stringify!($key), "};")]
            #[doc = concat!("let by = ", stringify!($name), "::from_fn(|k: ", stringify!($key), "| k.index());")]
            #[doc = concat!("assert_eq!(by.as_array().len(), ", stringify!($key), "::COUNT);")]
            #[doc = concat!("assert_eq!(by.as_array()[1], 1);")]
            /// ```
            #[inline]
            pub const fn as_array(&self) -> &[T; $count] {
                &self.0
            }

            /// The values in the key's index order, by value.
            ///
            /// ```
            #[doc = concat!("use xiangqi::{", stringify!($name), ", ", stringify!($key), "};")]
            #[doc = concat!("let values = ", stringify!($name), "::new([7u8; ", stringify!($key), "::COUNT]).into_array();")]
            #[doc = concat!("assert_eq!(values, [7u8; ", stringify!($key), "::COUNT]);")]
            /// ```
            #[inline]
            pub fn into_array(self) -> [T; $count] {
                self.0
            }

            /// Each key with its value, in index order.
            ///
            /// ```
            #[doc = concat!("use xiangqi::{", stringify!($name), ", ", stringify!($key), "};")]
            #[doc = concat!("let by = ", stringify!($name), "::from_fn(|k: ", stringify!($key), "| k.index());")]
            #[doc = concat!("assert!(by.iter().all(|(k, &v)| v == k.index()));")]
            #[doc = concat!("assert_eq!(by.iter().count(), ", stringify!($key), "::COUNT);")]
            /// ```
            #[inline]
            pub fn iter(&self) -> impl Iterator<Item = ($key, &T)> + '_ {
                $all.into_iter().zip(self.0.iter())
            }

            /// A container of `f` applied to every value.
            ///
            /// ```
            #[doc = concat!("use xiangqi::{", stringify!($name), ", ", stringify!($key), "};")]
            #[doc = concat!("let by = ", stringify!($name), "::from_fn(|k: ", stringify!($key), "| k.index()).map(|i| i * 2);")]
            #[doc = concat!("assert_eq!(by[", stringify!($key), "::ALL[1]], 2);")]
            /// ```
            #[inline]
            pub fn map<U>(self, f: impl FnMut(T) -> U) -> $name<U> {
                $name(self.0.map(f))
            }
        }

        impl<T: Default> Default for $name<T> {
            #[inline]
            fn default() -> Self {
                Self::from_fn(|_| T::default())
            }
        }

        impl<T> Index<$key> for $name<T> {
            type Output = T;

            #[inline]
            fn index(&self, key: $key) -> &T {
                &self.0[key.index()]
            }
        }

        impl<T> IndexMut<$key> for $name<T> {
            #[inline]
            fn index_mut(&mut self, key: $key) -> &mut T {
                &mut self.0[key.index()]
            }
        }
    };
}

by_container!(
    /// One value per side, indexed by [`Color`] (Red first).
    ///
    /// ```
    /// use xiangqi::{ByColor, Color};
    /// let names = ByColor::new(["red", "black"]);
    /// assert_eq!(names[!Color::Red], "black");
    /// ```
    ByColor,
    Color,
    Color::COUNT,
    Color::ALL
);

by_container!(
    /// One value per kind of piece, indexed by [`Role`] (general first).
    ///
    /// ```
    /// use xiangqi::{ByRole, Role};
    /// let counts = ByRole::from_fn(Role::max_count);
    /// assert_eq!(counts[Role::Soldier], 5);
    /// ```
    ByRole,
    Role,
    Role::COUNT,
    Role::ALL
);

by_container!(
    /// One value per square, indexed by [`Square`] (`a0` first, then along
    /// rank 0, rank by rank).
    ///
    /// ```
    /// use xiangqi::{BySquare, Square};
    /// let ranks = BySquare::from_fn(|sq| sq.rank().index());
    /// assert_eq!(ranks[Square::E9], 9);
    /// ```
    BySquare,
    Square,
    Square::COUNT,
    Square::ALL
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_pick_their_own_slot() {
        let mut by = BySquare::new([0u8; Square::COUNT]);
        for sq in Square::ALL {
            by[sq] = sq.index() as u8;
        }
        assert!(by.iter().all(|(sq, &v)| usize::from(v) == sq.index()));
        let roles = ByRole::from_fn(|r| r);
        assert!(Role::ALL.iter().all(|&r| roles[r] == r));
        let colors = ByColor::from_fn(|c| !c).map(|c| c.index());
        assert_eq!(colors.into_array(), [1, 0]);
    }
}
