/* an export macro before a primitive return type: the macro is no return type, the keyword no name */
#define MY_EXTERN extern
MY_EXTERN int my_init(void);
//        ^ none
MY_EXTERN void my_close(int code);
//        ^ none
