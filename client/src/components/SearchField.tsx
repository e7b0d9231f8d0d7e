import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';

/** A list's search box: small, a magnifier in front, at most 480 px wide beside the list's other controls. */
export function SearchField(props: Omit<TextFieldProps, 'size' | 'sx' | 'slotProps'>) {
  return (
    <TextField
      size="small"
      {...props}
      sx={{ flex: 1, maxWidth: { sm: 480 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
