//! files: path arguments taken as Python's `open` takes them, and rules files read
//! with the errors Python raises for them.
//!
//! A path is `os.fspath(path)` encoded by `os.fsencode` (so a `str` with a lone
//! surrogate raises `UnicodeEncodeError`, as `open` does, where PyO3's own `PathBuf`
//! conversion panics), refused with `ValueError` if it holds a NUL byte. Read errors
//! are `OSError(errno, strerror, filename)`, which Python turns into the subclass of
//! the errno (`FileNotFoundError`, `PermissionError`, `IsADirectoryError`...), with
//! `e.filename` set. At most [`MAX_READ_BYTES`] are read, whatever the file (a pipe, a
//! device), so `/dev/zero` is an error rather than gigabytes.

use std::io::Read;
use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// The most bytes read from a rules file: 64 MiB (the command line's limit for files
/// that are not regular), far past the 1 MiB of rules text the compiler takes (a
/// larger file is a `RulesError`, E0008).
pub const MAX_READ_BYTES: u64 = 64 << 20;

/// A path argument (`str`, `bytes` or `os.PathLike`) as `open` reads it.
pub fn path_arg(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let os = py.import("os")?;
    // TypeError for anything but str, bytes and os.PathLike.
    let fspath = os.call_method1("fspath", (path,))?;
    // UnicodeEncodeError for a str the file system encoding cannot take.
    let encoded = os.call_method1("fsencode", (&fspath,))?;
    let bytes: Vec<u8> = encoded.extract()?;
    if bytes.contains(&0) {
        return Err(PyValueError::new_err("embedded null byte"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        let text: String = os.call_method1("fsdecode", (&encoded,))?.extract()?;
        Ok(PathBuf::from(text))
    }
}

/// `OSError(errno, strerror, filename)` (its errno's subclass) for an error reading
/// `path`.
pub fn os_error(py: Python<'_>, path: &Path, e: &std::io::Error) -> PyErr {
    let name = path.display().to_string();
    match e.raw_os_error() {
        Some(code) => {
            let strerror = py
                .import("os")
                .and_then(|os| os.call_method1("strerror", (code,)))
                .and_then(|s| s.extract::<String>())
                .unwrap_or_else(|_| e.to_string());
            PyOSError::new_err((code, strerror, name))
        }
        None => PyOSError::new_err(format!("{name}: {e}")),
    }
}

/// The bytes of the file at `path`, at most [`MAX_READ_BYTES`] (a pipe or a device
/// is read as far as that too); read without the GIL.
pub fn read(py: Python<'_>, path: &Path) -> PyResult<Vec<u8>> {
    let read = py.detach(|| -> std::io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(MAX_READ_BYTES + 1)
            .read_to_end(&mut bytes)?;
        Ok(bytes)
    });
    match read {
        Ok(bytes) if bytes.len() as u64 > MAX_READ_BYTES => Err(PyOSError::new_err((
            EFBIG,
            format!("more than {MAX_READ_BYTES} bytes, the most read from a rules file"),
            path.display().to_string(),
        ))),
        Ok(bytes) => Ok(bytes),
        Err(e) => Err(os_error(py, path, &e)),
    }
}

/// "File too large".
const EFBIG: i32 = 27;
