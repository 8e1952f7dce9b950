/* Native fatal-signal recorder for aotidebug (x86_64 Linux, SysV ABI).
 * Assembled once at development time (`as` + `objcopy`); the bytes are embedded in
 * native.py, so nothing is compiled at runtime. No libc except two calls through
 * pointers in the data block (sigaction, PyGILState_Check); no GIL needed.
 * void handler(int signo, siginfo_t *info, ucontext_t *uc)
 * Data block (address patched over the 0x1122334455667788 immediate):
 *   0 fd, 8 memfd, 16 grace timespec, 32 &sigaction, 40 python callback (0: none),
 *   48 &PyGILState_Check, 56 py_pending, 64 py_done, 72 poll timespec, 88 fallback message
 *   pointer, 96 its length (0: none), 104 printed flag, 128 prev[65] (152 B each).
 * A thread that does not hold the GIL never runs Python: it records, waits (bounded) for a
 * GIL-holding faulting thread to print the Python line, else prints the fallback message once.
 * Record: 64-byte header {magic "AOTICRS1", i32 signo, i32 code, u64 tid, u64 pid, u64 addr,
 *   u64 ip, u64 sp, i64 nbytes} followed by nbytes of raw stack read at sp via pread(/proc/self/mem).
 */
    .intel_syntax noprefix
    .text
    .globl aotidebug_handler
aotidebug_handler:
    push rbp
    push rbx
    push r12
    push r13
    push r14
    push r15
    movabs rbx, 0x1122334455667788
    mov r12d, edi
    mov r13, rsi
    mov r14, rdx
    sub rsp, 65608
    movabs rax, 0x3153524349544f41
    mov [rsp], rax
    mov [rsp+8], r12d
    mov eax, [r13+8]
    mov [rsp+12], eax
    mov eax, 186
    syscall
    mov [rsp+16], rax
    mov eax, 39
    syscall
    mov [rsp+24], rax
    mov rax, [r13+16]
    mov [rsp+32], rax
    mov rax, [r14+168]
    mov [rsp+40], rax
    mov r15, [r14+160]
    mov [rsp+48], r15
    mov rdi, [rbx+8]
    lea rsi, [rsp+64]
    mov edx, 65536
    mov r10, r15
    mov eax, 17
    syscall
    test rax, rax
    jns 1f
    xor eax, eax
1:  mov [rsp+56], rax
    lea rdx, [rax+64]
    mov rdi, [rbx]
    mov rsi, rsp
    mov eax, 1
    syscall
    cmp qword ptr [rbx+40], 0
    je 2f
    call [rbx+48]
    test eax, eax
    jz 2f
    mov qword ptr [rbx+56], 1
    lea rdi, [rbx+16]
    xor esi, esi
    mov eax, 35
    syscall
    mov edi, r12d
    call [rbx+40]
    mov qword ptr [rbx+64], 1
    jmp 3f
2:  lea rdi, [rbx+16]
    xor esi, esi
    mov eax, 35
    syscall
    mov r15d, 100
4:  cmp qword ptr [rbx+56], 0
    je 6f
    cmp qword ptr [rbx+64], 0
    jne 6f
    lea rdi, [rbx+72]
    xor esi, esi
    mov eax, 35
    syscall
    dec r15d
    jnz 4b
6:  cmp qword ptr [rbx+64], 0
    jne 3f
    mov rdx, [rbx+96]
    test rdx, rdx
    jz 3f
    mov eax, 1
    xchg [rbx+104], rax
    test rax, rax
    jnz 3f
    mov rdx, [rbx+96]
    mov rsi, [rbx+88]
    mov edi, 2
    mov eax, 1
    syscall
3:  mov edi, r12d
    mov eax, r12d
    imul eax, eax, 152
    lea rsi, [rbx+128+rax]
    xor edx, edx
    call [rbx+32]
    mov eax, [rsp+12]
    test eax, eax
    jg 5f
    mov rdi, [rsp+24]
    mov rsi, [rsp+16]
    mov edx, r12d
    mov eax, 234
    syscall
5:  add rsp, 65608
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    ret
